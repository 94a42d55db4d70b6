import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { RequireAuth } from '#web/components/require-auth.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { pageMeta } from '#web/lib/site.ts';

export const meta = () => pageMeta('Your sketch', 'One of your own Arduino sketches, in the editor and the simulator.');

// The editor and the simulator: loaded only here, and only for a signed-in member.
const PlaygroundSketch = lazy(() => import('../playground-sketch.tsx'));

/** `/playground/:id` (issue 32): one of the learner's own sketches. */
export default function PlaygroundSketchRoute() {
  const { id = '' } = useParams();
  return (
    <QueryProvider>
      <RequireAuth>
        {(userId) => (
          <Suspense fallback={<Spinner label="Opening your sketch…" className="min-h-[60vh]" />}>
            <PlaygroundSketch key={id} userId={userId} id={id} />
          </Suspense>
        )}
      </RequireAuth>
    </QueryProvider>
  );
}
