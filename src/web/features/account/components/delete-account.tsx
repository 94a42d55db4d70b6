import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ROUTES } from '#shared/routes.ts';
import { deleteAccountRequestSchema } from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { forgetDeletedAccount } from '#web/lib/auth/session.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useDeleteAccount } from '../api/account.ts';
import { AccountTask } from './account-task.tsx';

type DeleteValues = z.input<typeof deleteAccountRequestSchema>;

function DeleteAccountForm() {
  const navigate = useNavigate();
  const form = useForm<DeleteValues>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const deleteAccount = useDeleteAccount();
  // The field first, not the dialog's close button: the password is what the member came to give.
  useEffect(() => form.setFocus('password'), [form]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await deleteAccount.mutateAsync(password);
    } catch (error) {
      // The toast comes from the mutation; a wrong password is also shown under the field.
      if (error instanceof ApiRequestError && error.code === 'invalid_credentials') {
        form.setError('password', { message: error.message }, { shouldFocus: true });
      }
      return;
    }
    await forgetDeletedAccount();
    notifySuccess('Account deleted', 'Your account and everything stored about you are gone.');
    navigate(ROUTES.home);
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="Your password" error={errors.password?.message}>
        {(field) => <Input {...field} {...form.register('password')} type="password" autoComplete="current-password" />}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          <Trash2 aria-hidden="true" />
          {isSubmitting ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}

/** Deleting the account, confirmed with the password in a dialog. */
export function DeleteAccount() {
  return (
    <AccountTask
      icon={<Trash2 aria-hidden="true" />}
      title="Delete account"
      tone="danger"
      text="Your account, profile, bookmarks and build progress are deleted for good, and your card leaves the community page."
      action={
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="danger-quiet">
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent
            title="Delete your account?"
            description="This cannot be undone. Everything stored about you goes, and you are signed out everywhere. Enter your password to confirm."
          >
            <DeleteAccountForm />
          </DialogContent>
        </Dialog>
      }
    />
  );
}
