import { PeopleDirectory } from '#web/features/people/components/people-directory.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';

export const meta = () => pageMeta('Community', `Meet the students and hobbyists building robots with ${SITE_NAME}.`);

export default function PeopleRoute() {
  return (
    <QueryProvider>
      <PeopleDirectory />
    </QueryProvider>
  );
}
