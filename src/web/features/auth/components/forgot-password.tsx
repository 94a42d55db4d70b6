import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';

const ForgotPasswordPanel = lazy(() => import('./forgot-password-panel.tsx'));

/** "Forgot password?" under the login form: opens the way back in this site offers (product D13). */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-4 text-center">
      <button
        type="button"
        className="rounded text-sm font-semibold text-accent underline-offset-4 hover:underline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Forgot password?
      </button>
      <div id={panelId} hidden={!open} className="mt-4 text-left">
        {open ? (
          <Suspense fallback={<Spinner label="Loading…" />}>
            <ForgotPasswordPanel />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
