import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_REASON_MAX_LENGTH } from '#shared/constants.ts';
import { type AdminMember, adminReasonSchema, type ResetLink } from '#shared/schemas/admin.ts';
import { z } from '#shared/schemas/z.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Textarea } from '#web/components/ui/field.tsx';
import { notifySuccess } from '#web/lib/notify.ts';
import { useChangeMember, useCreateResetLink } from '../api/admin.ts';
import { type Intent, reasonOptional, toChange, wordingOf } from '../lib/member-intent.ts';

const requiredReasonSchema = z.object({ reason: adminReasonSchema });
const optionalReasonSchema = z.object({ reason: z.literal('').or(adminReasonSchema) });
type ReasonValues = { reason: string };

/** The step that asks for the reason and does the change; a refusal's toast comes from the mutation. */
export function ConfirmStep({
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
    } catch {
      // Refused: the mutation's meta raises the toast; the form stays for another try.
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
