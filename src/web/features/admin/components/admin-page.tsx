import * as Tabs from '@radix-ui/react-tabs';
import { ScrollText, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SITE_NAME } from '#web/lib/site.ts';
import { AuditLog } from './audit-log.tsx';
import { MemberList } from './member-list.tsx';

const tabClass =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-muted transition-colors hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-sm sm:flex-none [&_svg]:size-4';

/**
 * `/admin` for administrators (product §2): the members with their moderation, and the audit log.
 * `onForbidden`: the server says this account is no administrator any more (demoted meanwhile).
 */
export function AdminPage({ ownId, onForbidden }: { ownId: string; onForbidden: () => void }) {
  const [tab, setTab] = useState<'members' | 'audit'>('members');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <p className="label-mono text-accent">Administration</p>
      <h1 className="mt-2 font-display text-4xl font-bold">Run your club</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Moderate profiles, suspend or restore members, hand out reset links and delete accounts. Every action needs a
        reason and goes into the audit log; {SITE_NAME}'s community page changes at once. Every class of the site is on{' '}
        <Link to="/classes" className="font-semibold text-accent underline-offset-4 hover:underline">
          Classes
        </Link>
        .
      </p>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value === 'audit' ? 'audit' : 'members')}
        className="mt-8"
      >
        <Tabs.List
          aria-label="Administration"
          className="flex gap-1 rounded-xl border border-border bg-surface-2 p-1 sm:inline-flex"
        >
          <Tabs.Trigger value="members" className={tabClass}>
            <Users aria-hidden="true" />
            Members
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={tabClass}>
            <ScrollText aria-hidden="true" />
            Audit log
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="members" className="tray mt-5 p-4 sm:p-6">
          <MemberList ownId={ownId} onForbidden={onForbidden} />
        </Tabs.Content>
        <Tabs.Content value="audit" className="tray mt-5 p-4 sm:p-6">
          <AuditLog onForbidden={onForbidden} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
