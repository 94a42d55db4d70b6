import { Download } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { notifySuccess } from '#web/lib/notify.ts';
import { SITE_NAME } from '#web/lib/site.ts';
import { useDownloadMyData } from '../api/account.ts';
import { AccountTask } from './account-task.tsx';

/** The data export as a JSON file; a failure's toast comes from the mutation. */
export function DownloadData() {
  const download = useDownloadMyData();
  const busy = download.isPending;
  const run = () =>
    download.mutate(undefined, {
      onSuccess: (filename) =>
        notifySuccess('Download started', `${filename}: your account, profile, bookmarks and progress.`),
    });
  return (
    <AccountTask
      icon={<Download aria-hidden="true" />}
      title="Your data"
      text={`Everything ${SITE_NAME} stores about you, as a JSON file: account, profile, bookmarks, build progress and sessions.`}
      action={
        <Button variant="secondary" onClick={run} disabled={busy}>
          <Download aria-hidden="true" />
          {busy ? 'Preparing...' : 'Download my data'}
        </Button>
      }
    />
  );
}
