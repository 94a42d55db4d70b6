import { zodResolver } from '@hookform/resolvers/zod';
import { Download, KeyRound, LogOut, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { ROUTES } from '#shared/routes.ts';
import { changePasswordFormSchema, deleteAccountRequestSchema } from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError, reasonOf } from '#web/lib/api-client.ts';
import { forgetDeletedAccount, signOutEverywhere } from '#web/lib/auth/session.ts';
import { cn } from '#web/lib/cn.ts';
import { notifyError, notifyInfo, notifySuccess } from '#web/lib/notify.ts';
import { SITE_NAME } from '#web/lib/site.ts';
import { changePassword, deleteAccount, downloadMyData } from '../api/account.ts';

/** One task of the account card: what it does, its control on the right, and what it opens below. */
function Task({
  icon,
  title,
  text,
  action,
  children,
  tone = 'plain',
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  action: ReactNode;
  children?: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'min-w-0 rounded-xl border p-4 sm:p-5',
        tone === 'danger'
          ? 'border-red-700/40 bg-red-50/60 dark:border-red-400/40 dark:bg-red-950/20'
          : 'border-border bg-surface-2/60',
      )}
    >
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between md:gap-8">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 font-display text-lg font-semibold [&_svg]:size-5">
            {icon}
            {title}
          </h3>
          <p className="mt-1 max-w-2xl text-[0.95rem] leading-relaxed text-muted">{text}</p>
        </div>
        <div className="shrink-0">{action}</div>
      </div>
      {children}
    </section>
  );
}

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => form.setFocus('current_password'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword(values);
      notifySuccess('Password changed', 'Your other devices have been signed out.');
      form.reset();
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'invalid_credentials') {
        form.setError('current_password', { message: error.message }, { shouldFocus: true });
      }
      notifyError('Password not changed', reasonOf(error));
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

function ChangePassword() {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => toggleRef.current?.focus());
  };
  return (
    <Task
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
    </Task>
  );
}

function SignOutEverywhere() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await signOutEverywhere();
      notifyInfo('Logged out', 'You have been logged out on every device.');
      navigate(ROUTES.home);
    } catch (error) {
      setBusy(false);
      notifyError('Still signed in', `Could not sign out everywhere. ${reasonOf(error)}`);
    }
  }
  return (
    <Task
      icon={<LogOut aria-hidden="true" />}
      title="Sign out everywhere"
      text="Forgot to log out on a school computer? This ends every session of your account, this browser's too."
      action={
        <Button variant="secondary" onClick={run} disabled={busy}>
          <LogOut aria-hidden="true" />
          {busy ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      }
    />
  );
}

function DownloadData() {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const filename = await downloadMyData();
      notifySuccess('Download started', `${filename}: your account, profile, bookmarks and progress.`);
    } catch (error) {
      notifyError('Download failed', reasonOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Task
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

type DeleteValues = z.input<typeof deleteAccountRequestSchema>;

function DeleteAccountForm() {
  const navigate = useNavigate();
  const form = useForm<DeleteValues>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The field first, not the dialog's close button: the password is what the member came to give.
  useEffect(() => form.setFocus('password'), [form]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await deleteAccount(password);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'invalid_credentials') {
        form.setError('password', { message: error.message }, { shouldFocus: true });
      }
      notifyError('Account not deleted', reasonOf(error));
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

function DeleteAccount() {
  return (
    <Task
      icon={<Trash2 aria-hidden="true" />}
      title="Delete account"
      tone="danger"
      text="Your account, profile, bookmarks and build progress are deleted for good, and your card leaves the community page."
      action={
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="danger">
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
