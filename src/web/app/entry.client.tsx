import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { markAppStarted } from '#web/lib/held-input.ts';

/*
 * React Router's own client entry, plus one line: <html data-app> tells the boot script that React
 * now answers every click and submission (docs/first-touch.md). It is set in the same task as
 * `hydrateRoot`, so no event falls between the two: one React receives while hydrating is hydrated
 * at once and handled.
 */
startTransition(() => {
  markAppStarted();
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
