import { LayoutDashboard } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useProfile } from '#web/features/profile/api/profile.ts';
import { useSession } from '#web/lib/auth/session.ts';

/** The chip's name: the username, or the e-mail before the @ (SPEC §2). */
export function displayName(username: string | null | undefined, email: string): string {
  return username?.trim() || email.split('@')[0] || email;
}

/**
 * Signed out: Login. Signed in: Dashboard and a chip with the member's name. Before the session
 * is known the Login button keeps the space (hidden by CSS when a session is stored), so nothing
 * jumps when the real controls arrive.
 */
export function AccountControls() {
  const { status, session } = useSession();
  const profile = useProfile(session?.user.id ?? null);
  useEffect(() => {
    if (status !== 'loading') document.documentElement.removeAttribute('data-session');
  }, [status]);

  if (status === 'signed-in') {
    return (
      <div className="flex items-center gap-1.5">
        <Link to={ROUTES.dashboard} className={buttonVariants({ size: 'sm', variant: 'secondary' })} prefetch="intent">
          <LayoutDashboard aria-hidden="true" />
          <span className="max-sm:sr-only">Dashboard</span>
        </Link>
        <span
          className="label-mono inline-block max-w-[6.5rem] truncate rounded-full border border-border bg-surface-2 px-3 py-1.5 normal-case tracking-normal text-text sm:max-w-[11rem]"
          title="Signed in"
          data-testid="user-chip"
        >
          {displayName(profile.data?.username, session.user.email)}
        </span>
      </div>
    );
  }
  return (
    <Link to={ROUTES.auth} className={buttonVariants({ size: 'sm', className: 'signed-out-only' })}>
      Login
    </Link>
  );
}
