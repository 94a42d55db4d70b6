import { lazy, Suspense } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta, SITE_NAME } from '#web/lib/site.ts';
import { TeacherGate } from './teacher-gate.tsx';

export const meta = () => pageMeta('Classes', `Your ${SITE_NAME} classes: learners, sign-in cards and live progress.`);

// Only teachers download the class pages' code.
const ClassesPage = lazy(() =>
  import('#web/features/classes/components/classes-page.tsx').then((module) => ({ default: module.ClassesPage })),
);

/** `/classes` (product §2): a teacher's classes. */
export default function ClassesRoute() {
  return (
    <QueryProvider>
      <TeacherGate>
        {() => (
          <Suspense fallback={<Spinner label="Loading your classes…" className="min-h-[60vh]" />}>
            <ClassesPage />
          </Suspense>
        )}
      </TeacherGate>
    </QueryProvider>
  );
}
