import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { notifyInfo } from '#web/lib/notify.ts';
import { useSignOutEverywhere } from '../api/account.ts';
import { AccountTask } from './account-task.tsx';

/** Ends every session of the account, this browser's too; a failure's toast comes from the mutation. */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere();
  // Busy until the page is left: a success navigates away.
  const busy = signOut.isPending || signOut.isSuccess;
  // Awaited, not mutate's own callbacks: those are dropped once the session's end unmounts this card.
  async function run() {
    try {
      await signOut.mutateAsync();
    } catch {
      return; // The mutation's meta raises the toast.
    }
    notifyInfo('Logged out', 'You have been logged out on every device.');
    navigate(ROUTES.home);
  }
  return (
    <AccountTask
      icon={<LogOut aria-hidden="true" />}
      title="Sign out everywhere"
      text="Forgot to log out on a school computer? This ends every session of your account, this browser's too."
      action={
        <Button variant="secondary" onClick={run} disabled={busy}>
          <LogOut aria-hidden="true" />
          {busy ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      }
    />
  );
}
