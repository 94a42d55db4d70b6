import { useParams } from 'react-router';
import { ClassCommunityPage } from '#web/features/classes/components/class-community-page.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () => pageMeta('Your class', `Who is in your ${SITE_NAME} class: your classmates and teachers.`);

/**
 * `/classes/:id/community` (product §2, D18): a class's own community page, for its learners and
 * teachers. The page checks the session itself: a signed-out pupil is told where pupils sign in
 * rather than sent to the e-mail log-in (and lib's RequireAuth stays in the chunk the projects pages
 * share with it, scripts/bundle-budget.ts).
 */
export default function ClassCommunityRoute() {
  const { id = '' } = useParams();
  return (
    <QueryProvider>
      <ClassCommunityPage classId={id} />
    </QueryProvider>
  );
}
