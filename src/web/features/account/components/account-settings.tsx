import { ChangePassword } from './change-password.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { DownloadData } from './download-data.tsx';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';

/**
 * The dashboard's self-service (product §2, D12): password, sessions, data export, deletion. Last on
 * the page and quieter than the builds above it: no card of its own, under a rule.
 */
export function AccountSettings() {
  return (
    <section aria-labelledby="account-heading" className="min-w-0 border-t border-border pt-8">
      <h2 id="account-heading" className="font-display text-xl font-semibold">
        Account and privacy
      </h2>
      <p className="mt-1 text-sm text-muted">Your password, your sessions, your data.</p>
      <div className="mt-5 flex flex-col gap-3">
        <ChangePassword />
        <SignOutEverywhere />
        <DownloadData />
        <DeleteAccount />
      </div>
    </section>
  );
}
