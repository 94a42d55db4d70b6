import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';
import { TeacherGate } from './teacher-gate.tsx';

export const meta = () => pageMeta('Class', `A ${SITE_NAME} class: live progress, help queue and learners.`);

const ClassPage = lazy(() =>
  import('#web/features/classes/components/class-page.tsx').then((module) => ({ default: module.ClassPage })),
);

/** `/classes/:id` (product §2 Class page): the grid, the help queue, the learners and settings. */
export default function ClassRoute() {
  const { id = '' } = useParams();
  return (
    <QueryProvider>
      <TeacherGate>
        {(userId) => (
          <Suspense fallback={<Spinner label="Loading the class…" className="min-h-[60vh]" />}>
            <ClassPage classId={id} ownId={userId} />
          </Suspense>
        )}
      </TeacherGate>
    </QueryProvider>
  );
}
