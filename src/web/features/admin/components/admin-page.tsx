import { ScrollText, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { SITE_NAME } from '#web/lib/site.ts';
import { AuditLog } from './audit-log.tsx';
import { MemberList } from './member-list.tsx';

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
      <Tabs value={tab} onValueChange={(value) => setTab(value === 'audit' ? 'audit' : 'members')} className="mt-8">
        <TabsList aria-label="Administration" className="sm:inline-flex">
          <TabsTrigger value="members">
            <Users aria-hidden="true" />
            Members
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ScrollText aria-hidden="true" />
            Audit log
          </TabsTrigger>
        </TabsList>
        <TabsContent value="members" className="tray mt-5 p-4 sm:p-6">
          <MemberList ownId={ownId} onForbidden={onForbidden} />
        </TabsContent>
        <TabsContent value="audit" className="tray mt-5 p-4 sm:p-6">
          <AuditLog onForbidden={onForbidden} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
