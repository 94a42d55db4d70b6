import { useRef, useState } from 'react';
import type { AdminMember, ResetLink } from '#shared/schemas/admin.ts';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import type { Intent } from '../lib/member-intent.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { EmailText } from './email-text.tsx';
import { MemberOverview } from './member-overview.tsx';
import { LinkStep } from './reset-link-step.tsx';

type Step =
  | { readonly name: 'overview' }
  | { readonly name: 'confirm'; readonly intent: Intent }
  | { readonly name: 'link'; readonly link: ResetLink };

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
export function ManageMemberDialog({ member, ownId, onClose, onDeleted }: ManageMemberDialogProps) {
  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* Keyed by the member: another member opened starts over on the overview, with fresh state. */}
      {member ? (
        <ManageMember key={member.id} opened={member} ownId={ownId} onClose={onClose} onDeleted={onDeleted} />
      ) : null}
    </Dialog>
  );
}

function ManageMember({
  opened,
  ownId,
  onClose,
  onDeleted,
}: Omit<ManageMemberDialogProps, 'member'> & { opened: AdminMember }) {
  // The member as the last change left them.
  const [member, setMember] = useState(opened);
  const [step, setStep] = useState<Step>({ name: 'overview' });
  const deleted = useRef(false);
  const bodyRef = useRef<HTMLDivElement>(null);

  // Each step gets focus to its start, so the keyboard never falls out of the dialog.
  const showStep = (next: Step) => {
    setStep(next);
    if (next.name === 'overview') requestAnimationFrame(() => bodyRef.current?.focus());
  };

  const isSelf = member.id === ownId;
  return (
    <DialogContent
      title={
        <>
          <span className="sr-only">Manage </span>
          <EmailText email={member.email} />
          {isSelf ? <span className="ml-2 text-base font-normal text-muted">(you)</span> : null}
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
          <MemberOverview
            member={member}
            isSelf={isSelf}
            onIntent={(intent) => showStep({ name: 'confirm', intent })}
          />
        ) : step.name === 'confirm' ? (
          <ConfirmStep
            member={member}
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
          <LinkStep member={member} link={step.link} onDone={() => showStep({ name: 'overview' })} />
        )}
      </div>
    </DialogContent>
  );
}
