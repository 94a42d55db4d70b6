import { EyeOff, GraduationCap, KeyRound, ShieldCheck, ShieldOff, Trash2, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminMember } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { Intent } from '../lib/member-intent.ts';
import { formatDate } from '../lib/wording.ts';
import { RoleBadge, StatusBadge } from './member-badges.tsx';

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="label-mono text-muted">{label}</dt>
      <dd className="mt-1 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ActionGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="label-mono text-muted">{title}</h3>
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** The member's details and the buttons for every action on them. */
export function MemberOverview({
  member,
  isSelf,
  onIntent,
}: {
  member: AdminMember;
  isSelf: boolean;
  onIntent: (intent: Intent) => void;
}) {
  const act = (intent: Intent) => () => onIntent(intent);
  const since =
    member.status === 'suspended' ? member.suspended_at : member.status === 'hidden' ? member.hidden_at : null;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-[0.95rem]">
        <Detail label="Username">{member.username ?? <span className="text-muted italic">Not set</span>}</Detail>
        <Detail label="Joined">{formatDate(member.created_at)}</Detail>
        <Detail label="Role">
          <RoleBadge role={member.role} />
        </Detail>
        <Detail label="Status">
          <StatusBadge status={member.status} />
          {since ? <span className="mt-1 block text-sm text-muted">since {formatDate(since)}</span> : null}
        </Detail>
        <Detail label="Bookmarks">{member.bookmark_count}</Detail>
        <Detail label="Finished steps">{member.finished_step_count}</Detail>
        <Detail label="Bio" className="col-span-2">
          {member.bio ? (
            <span className="block whitespace-pre-line">{member.bio}</span>
          ) : (
            <span className="text-muted italic">No bio</span>
          )}
        </Detail>
      </dl>

      <ActionGroup title="Community page">
        {member.username ? (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'moderation', action: 'clear_username' })}>
            <UserRoundX aria-hidden="true" />
            Clear username
          </Button>
        ) : null}
        {member.bio ? (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'moderation', action: 'clear_bio' })}>
            <UserRoundX aria-hidden="true" />
            Clear bio
          </Button>
        ) : null}
        {member.hidden_at ? (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'moderation', action: 'unhide' })}>
            <EyeOff aria-hidden="true" />
            Show on community
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'moderation', action: 'hide' })}>
            <EyeOff aria-hidden="true" />
            Hide from community
          </Button>
        )}
      </ActionGroup>

      <ActionGroup title="Account">
        <Button size="sm" variant="secondary" onClick={act({ kind: 'reset-link' })}>
          <KeyRound aria-hidden="true" />
          Create reset link
        </Button>
        {isSelf ? null : member.suspended_at ? (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'restore' })}>
            <ShieldCheck aria-hidden="true" />
            Restore
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'suspend' })}>
            <ShieldOff aria-hidden="true" />
            Suspend
          </Button>
        )}
        {isSelf || member.role === 'admin' ? null : member.role === 'teacher' ? (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'role', role: 'member', from: member.role })}>
            <ShieldOff aria-hidden="true" />
            Remove teacher
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'role', role: 'teacher', from: member.role })}>
            <GraduationCap aria-hidden="true" />
            Make teacher
          </Button>
        )}
        {isSelf ? null : member.role === 'admin' ? (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'role', role: 'member', from: member.role })}>
            <ShieldOff aria-hidden="true" />
            Make member
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'role', role: 'admin', from: member.role })}>
            <ShieldCheck aria-hidden="true" />
            Make administrator
          </Button>
        )}
      </ActionGroup>

      {isSelf ? (
        <p className="rounded-xl border border-border bg-surface-2/60 p-3 text-sm text-muted">
          This is your own account: you cannot suspend, demote or delete it here. Another administrator can.
        </p>
      ) : (
        <ActionGroup title="Delete">
          <Button size="sm" variant="danger" onClick={act({ kind: 'delete' })}>
            <Trash2 aria-hidden="true" />
            Delete member
          </Button>
        </ActionGroup>
      )}
    </div>
  );
}
