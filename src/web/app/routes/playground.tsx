import { lazy, Suspense } from 'react';
import { RequireAuth } from '#web/components/require-auth.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta } from '#web/lib/site.ts';

export const meta = () =>
  pageMeta('Playground', 'Your trainer board: write your own Arduino programs and run them in the simulator.');

// Signed-in members only: nobody else downloads the playground's code.
const PlaygroundHome = lazy(() => import('../playground-page.tsx'));

/** `/playground` (issue 32): the trainer board, its starters and the learner's own sketches. */
export default function PlaygroundRoute() {
  return (
    <QueryProvider>
      <RequireAuth>
        {(userId) => (
          <Suspense fallback={<Spinner label="Loading the playground…" className="min-h-[60vh]" />}>
            <PlaygroundHome userId={userId} />
          </Suspense>
        )}
      </RequireAuth>
    </QueryProvider>
  );
}
