import { RequireAuth } from '#web/components/require-auth.tsx';
import { ProjectBrowser } from '#web/features/projects/components/project-browser.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () =>
  pageMeta('Projects', `Nine robot build tutorials on ${SITE_NAME}, from Beginner to Professional.`);

export default function ProjectsRoute() {
  return (
    <QueryProvider>
      <RequireAuth>{(userId) => <ProjectBrowser userId={userId} />}</RequireAuth>
    </QueryProvider>
  );
}
