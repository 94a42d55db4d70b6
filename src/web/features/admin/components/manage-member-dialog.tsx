import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Check, Copy, EyeOff, KeyRound, ShieldCheck, ShieldOff, Trash2, UserRoundX } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_REASON_MAX_LENGTH } from '#shared/constants.ts';
import {
  type AdminMember,
  adminReasonSchema,
  type ModerationAction,
  type ResetLink,
  type Role,
} from '#shared/schemas/admin.ts';
import { z } from '#shared/schemas/z.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field, Input, Textarea } from '#web/components/ui/field.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { type MemberChange, useChangeMember, useCreateResetLink } from '../api/admin.ts';
import { type ChangeWording, changeWording, formatDate, formatTime, roleWording } from '../lib/wording.ts';
import { EmailText } from './email-text.tsx';
import { RoleBadge, StatusBadge } from './member-badges.tsx';

/** What the administrator is about to do: each asks for a reason first. */
type Intent =
  | { readonly kind: 'moderation'; readonly action: ModerationAction }
  | { readonly kind: 'suspend' }
  | { readonly kind: 'restore' }
  | { readonly kind: 'role'; readonly role: Role }
  | { readonly kind: 'delete' }
  | { readonly kind: 'reset-link' };

type Step =
  | { readonly name: 'overview' }
  | { readonly name: 'confirm'; readonly intent: Intent }
  | { readonly name: 'link'; readonly link: ResetLink };

const RESET_LINK_WORDING: ChangeWording = {
  label: 'Create reset link',
  question: 'Create a reset link for this member?',
  effect:
    'You get a link to hand to the member (in person or through the school’s own channel). It works once, within an hour, and replaces any earlier link. It is shown only once.',
  done: { title: 'Reset link created', description: '' },
};

function wordingOf(intent: Intent, email: string): ChangeWording {
  switch (intent.kind) {
    case 'moderation':
      return changeWording(intent.action, email);
    case 'role':
      return roleWording(intent.role, email);
    case 'reset-link':
      return RESET_LINK_WORDING;
    default:
      return changeWording(intent.kind, email);
  }
}

/** Restoring and reset links may go without a reason; everything else needs one. */
const reasonOptional = (intent: Intent) => intent.kind === 'restore' || intent.kind === 'reset-link';

const requiredReasonSchema = z.object({ reason: adminReasonSchema });
const optionalReasonSchema = z.object({ reason: z.literal('').or(adminReasonSchema) });
type ReasonValues = { reason: string };

function toChange(intent: Exclude<Intent, { kind: 'reset-link' }>, reason: string): MemberChange {
  switch (intent.kind) {
    case 'moderation':
      return { kind: 'moderation', action: intent.action, reason };
    case 'role':
      return { kind: 'role', role: intent.role, reason };
    case 'restore':
      return { kind: 'restore', reason: reason || undefined };
    default:
      return { kind: intent.kind, reason };
  }
}

function ConfirmStep({
  member,
  intent,
  onBack,
  onChanged,
  onDeleted,
  onResetLink,
}: {
  member: AdminMember;
  intent: Intent;
  onBack: () => void;
  onChanged: (member: AdminMember) => void;
  onDeleted: () => void;
  onResetLink: (link: ResetLink) => void;
}) {
  const wording = wordingOf(intent, member.email);
  const optional = reasonOptional(intent);
  const change = useChangeMember();
  const resetLink = useCreateResetLink();
  const form = useForm<ReasonValues>({
    resolver: zodResolver(optional ? optionalReasonSchema : requiredReasonSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const effectId = useId();

  useEffect(() => form.setFocus('reason'), [form]);

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      if (intent.kind === 'reset-link') {
        onResetLink(await resetLink.mutateAsync({ id: member.id, reason: reason || undefined }));
        return;
      }
      const changed = await change.mutateAsync({ id: member.id, change: toChange(intent, reason) });
      notifySuccess(wording.done.title, wording.done.description);
      if (changed) onChanged(changed);
      else onDeleted();
    } catch (error) {
      notifyError('Action failed', reasonOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-describedby={effectId}>
      <div>
        <h3 className="font-display text-lg font-semibold [overflow-wrap:anywhere]">{wording.question}</h3>
        <p id={effectId} className="mt-1.5 text-[0.95rem] leading-relaxed text-muted">
          {wording.effect}
        </p>
      </div>
      <Field
        label={optional ? 'Reason (optional)' : 'Reason'}
        error={errors.reason?.message}
        hint={`Kept in the audit log. At most ${ADMIN_REASON_MAX_LENGTH} characters.`}
      >
        {(field) => (
          <Textarea {...field} {...form.register('reason')} rows={2} maxLength={ADMIN_REASON_MAX_LENGTH + 20} />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack} disabled={isSubmitting}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" variant={wording.grave ? 'danger' : 'primary'} disabled={isSubmitting}>
          {isSubmitting ? 'Working...' : wording.label}
        </Button>
      </div>
    </form>
  );
}

function LinkStep({ member, link, onDone }: { member: AdminMember; link: ResetLink; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      notifySuccess('Link copied', `Hand it to ${member.email}: it works once, until ${formatTime(link.expires_at)}.`);
    } catch {
      // No clipboard (an old browser, a denied permission): the link is selected for copying by hand.
      inputRef.current?.select();
      notifyError('Copy failed', 'Select the link and copy it yourself.');
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div role="status">
        <h3 className="font-display text-lg font-semibold">Reset link ready</h3>
        <p className="mt-1.5 text-[0.95rem] leading-relaxed text-muted">
          Copy it now: it is shown only this once. It works once, until {formatTime(link.expires_at)}.
        </p>
      </div>
      <Field label="Reset link">
        {(field) => (
          <Input
            {...field}
            ref={inputRef}
            readOnly
            value={link.url}
            className="font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
        <Button onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}

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

function Overview({
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
        {isSelf ? null : member.role === 'admin' ? (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'role', role: 'member' })}>
            <ShieldOff aria-hidden="true" />
            Make member
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={act({ kind: 'role', role: 'admin' })}>
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

interface ManageMemberDialogProps {
  /** The member to manage; null closes the dialog. */
  member: AdminMember | null;
  /** The administrator's own id: their row has no suspend, demote or delete. */
  ownId: string;
  onClose: () => void;
  /** After a delete: the member's row is gone, so focus needs a new place. */
  onDeleted: () => void;
}

/** One member's details and every action on them, each confirmed with a reason (product §2 Admin). */
export function ManageMemberDialog({ member: opened, ownId, onClose, onDeleted }: ManageMemberDialogProps) {
  const [member, setMember] = useState<AdminMember | null>(opened);
  const [step, setStep] = useState<Step>({ name: 'overview' });
  const deleted = useRef(false);
  const bodyRef = useRef<HTMLDivElement>(null);

  // A new member opened: start over on the overview.
  useEffect(() => {
    setMember(opened);
    setStep({ name: 'overview' });
    deleted.current = false;
  }, [opened]);

  // Each step gets focus to its start, so the keyboard never falls out of the dialog.
  const showStep = (next: Step) => {
    setStep(next);
    if (next.name === 'overview') requestAnimationFrame(() => bodyRef.current?.focus());
  };

  const shown = member ?? opened;
  return (
    <Dialog open={opened !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {shown ? (
        <DialogContent
          title={
            <>
              <span className="sr-only">Manage </span>
              <EmailText email={shown.email} />
              {shown.id === ownId ? <span className="ml-2 text-base font-normal text-muted">(you)</span> : null}
            </>
          }
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            event.preventDefault();
            onDeleted();
          }}
        >
          <div ref={bodyRef} tabIndex={-1} className="outline-none">
            {step.name === 'overview' ? (
              <Overview
                member={shown}
                isSelf={shown.id === ownId}
                onIntent={(intent) => showStep({ name: 'confirm', intent })}
              />
            ) : step.name === 'confirm' ? (
              <ConfirmStep
                member={shown}
                intent={step.intent}
                onBack={() => showStep({ name: 'overview' })}
                onChanged={(changed) => {
                  setMember(changed);
                  showStep({ name: 'overview' });
                }}
                onDeleted={() => {
                  deleted.current = true;
                  onClose();
                }}
                onResetLink={(link) => showStep({ name: 'link', link })}
              />
            ) : (
              <LinkStep member={shown} link={step.link} onDone={() => showStep({ name: 'overview' })} />
            )}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
