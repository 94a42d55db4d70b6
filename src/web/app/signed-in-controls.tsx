import { LayoutDashboard } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useProfile } from '#web/features/profile/api/profile.ts';
import { useSession } from '#web/lib/auth/session.ts';
import { clearSessionMarker } from '#web/lib/auth/session-hint.ts';
import { QueryProvider } from '#web/lib/query-client.tsx';

/** The chip's name: the username, or the e-mail before the @ (SPEC §2). */
function displayName(username: string | null | undefined, email: string): string {
  return username?.trim() || email.split('@')[0] || email;
}

function Controls({ signedOut }: { signedOut: ReactNode }) {
  const { status, session } = useSession();
  const profile = useProfile(session?.user.id ?? null);
  useEffect(() => {
    if (status !== 'loading') clearSessionMarker();
  }, [status]);

  if (status !== 'signed-in') return signedOut;
  return (
    <div className="flex items-center gap-1.5">
      <Link to={ROUTES.dashboard} className={buttonVariants({ size: 'sm', variant: 'secondary' })} prefetch="intent">
        <LayoutDashboard aria-hidden="true" />
        <span className="max-sm:sr-only">Dashboard</span>
      </Link>
      <span
        className="label-mono inline-block max-w-[5.5rem] truncate rounded-full border border-border bg-surface-2 px-3 py-1.5 normal-case tracking-normal text-text sm:max-w-[11rem]"
        title="Signed in"
        data-testid="user-chip"
      >
        {displayName(profile.data?.username, session.user.email)}
      </span>
    </div>
  );
}

/** Loaded only when a session may exist (see session-hint.ts). */
export default function SignedInControls({ signedOut }: { signedOut: ReactNode }) {
  return (
    <QueryProvider>
      <Controls signedOut={signedOut} />
    </QueryProvider>
  );
}
