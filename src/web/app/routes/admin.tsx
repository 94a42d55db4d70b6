import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAccount } from '#web/features/account/api/account.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/auth/session.ts';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { NOT_FOUND, pageMeta, SITE_NAME } from '#web/lib/site.ts';
import NotFoundRoute from './not-found.tsx';

// What the 404 page says: a visitor who is not an administrator learns nothing from the title.
export const meta = () => pageMeta(NOT_FOUND.title, NOT_FOUND.description);

const ADMIN_TITLE = `Administration · ${SITE_NAME}`;

// Loaded once the role is known to be admin: nobody else downloads the administration's code.
const AdminPage = lazy(() =>
  import('#web/features/admin/components/admin-page.tsx').then((module) => ({ default: module.AdminPage })),
);

function Administration({ ownId, onForbidden }: { ownId: string; onForbidden: () => void }) {
  useEffect(() => {
    const before = document.title;
    document.title = ADMIN_TITLE;
    return () => {
      document.title = before;
    };
  }, []);
  return (
    <Suspense
      fallback={
        <div className="grid min-h-[calc(100dvh-4rem)] place-items-center">
          <Spinner label="Loading the administration…" />
        </div>
      }
    >
      <AdminPage ownId={ownId} onForbidden={onForbidden} />
    </Suspense>
  );
}

/** Whether the account is refused rather than unknown: a member (403) or a session gone (401). */
const isRefused = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

/**
 * `/admin` (product §2): administrators get the page; members and anonymous visitors the app's
 * 404 page, with no sign that anything is here. The role comes from the database (`/api/account`).
 */
function AdminGate() {
  const { status, session } = useSession();
  const account = useAccount(session?.user.id ?? null);
  const { refetch } = account;
  const refetchAccount = useCallback(() => void refetch(), [refetch]);

  if (status === 'signed-out') return <NotFoundRoute />;
  if (status === 'loading' || account.isPending) {
    return <div className="min-h-[calc(100dvh-4rem)]" aria-busy="true" />;
  }
  // Demoted while here: the account is read again, and the page becomes the 404 page.
  if (account.data?.role === 'admin') return <Administration ownId={account.data.id} onForbidden={refetchAccount} />;
  if (account.data || isRefused(account.error)) return <NotFoundRoute />;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-32 text-center">
      <p className="font-display text-2xl font-bold">We could not load this page.</p>
      <p className="mt-3 text-muted">Check your connection and try again.</p>
      <Button variant="secondary" className="mt-6" onClick={() => account.refetch()}>
        Try again
      </Button>
    </div>
  );
}

export default function AdminRoute() {
  return (
    <QueryProvider>
      <AdminGate />
    </QueryProvider>
  );
}
