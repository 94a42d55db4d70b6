import { useParams } from 'react-router';
import { ClassSignInPage } from '#web/features/class-sign-in/components/class-sign-in-page.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () => pageMeta('Class sign-in', `Sign in to your class on ${SITE_NAME} with your secret words.`);

/** `/c/<code>` (product §2): a class's sign-in page, for its learners. */
export default function ClassSignInRoute() {
  const { code = '' } = useParams();
  return (
    <QueryProvider>
      <ClassSignInPage code={code} />
    </QueryProvider>
  );
}
