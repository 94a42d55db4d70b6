import { ChangePassword } from './change-password.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { DownloadData } from './download-data.tsx';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';

/** The dashboard's self-service (product §2, D12): password, sessions, data export, deletion. */
export function AccountSettings() {
  return (
    <section aria-labelledby="account-heading" className="tray min-w-0 p-6">
      <h2 id="account-heading" className="font-display text-2xl font-semibold">
        Account and privacy
      </h2>
      <div className="mt-5 flex flex-col gap-3">
        <ChangePassword />
        <SignOutEverywhere />
        <DownloadData />
        <DeleteAccount />
      </div>
    </section>
  );
}
