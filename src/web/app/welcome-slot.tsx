import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionHint } from '#web/lib/auth/session-hint.ts';
import { cn } from '#web/lib/cn.ts';

/** A signed-in member's greeting: its own chunk, loaded only where a session may be (as the navigation's controls). */
const WelcomeBack = lazy(() => import('./welcome-back.tsx'));

/**
 * Where the home page greets a signed-in member (issue 23): empty in the prerendered page; from
 * first paint as tall as the greeting where a session is stored (site.css), so the page below does
 * not move when it comes. The shell places it above the home page, so `/`'s own route module and
 * its imports stay those of the anonymous page (its script budget, scripts/bundle-budget.ts).
 */
export function WelcomeSlot() {
  const maybeSignedIn = useSessionHint();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const member = hydrated && maybeSignedIn;
  return (
    <div
      className={cn(
        'welcome-slot flex flex-col bg-surface-2/60',
        // The greeting's height, measured with a long title at each width.
        '[--welcome-height:17rem] sm:[--welcome-height:15.75rem] md:[--welcome-height:12.5rem] lg:[--welcome-height:9.75rem]',
        member && 'welcome-slot-member',
      )}
    >
      {member ? (
        <Suspense fallback={null}>
          <WelcomeBack />
        </Suspense>
      ) : null}
    </div>
  );
}
