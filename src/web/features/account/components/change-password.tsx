import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { changePasswordFormSchema } from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useChangePassword } from '../api/account.ts';
import { AccountTask } from './account-task.tsx';

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const changePassword = useChangePassword();
  useEffect(() => form.setFocus('current_password'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      notifySuccess('Password changed', 'Your other devices have been signed out.');
      form.reset();
      onDone();
    } catch (error) {
      // The toast comes from the mutation; a wrong current password is also shown under its field.
      if (error instanceof ApiRequestError && error.code === 'invalid_credentials') {
        form.setError('current_password', { message: error.message }, { shouldFocus: true });
      }
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Current password" error={errors.current_password?.message}>
        {(field) => (
          <Input {...field} {...form.register('current_password')} type="password" autoComplete="current-password" />
        )}
      </Field>
      <Field
        label="New password"
        error={errors.new_password?.message}
        hint={`Password must be at least ${PASSWORD_MIN_LENGTH} characters`}
      >
        {(field) => <Input {...field} {...form.register('new_password')} type="password" autoComplete="new-password" />}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save new password'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The password task: a form that opens below its button. */
export function ChangePassword() {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => toggleRef.current?.focus());
  };
  return (
    <AccountTask
      icon={<KeyRound aria-hidden="true" />}
      title="Password"
      text="Choose a new password. Every other device signed in to your account is signed out; this one stays."
      action={
        // While the form is open its Cancel closes it, and focus comes back here.
        <Button
          ref={toggleRef}
          variant="secondary"
          aria-expanded={open}
          aria-controls={formId}
          hidden={open}
          onClick={() => setOpen(true)}
        >
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      }
    >
      <div id={formId} hidden={!open} className="mt-5 max-w-md">
        {open ? <ChangePasswordForm onDone={close} /> : null}
      </div>
    </AccountTask>
  );
}
