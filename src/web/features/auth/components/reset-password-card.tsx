import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Link2Off } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { ROUTES } from '#shared/routes.ts';
import { resetPasswordFormSchema } from '#shared/schemas/recovery.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError, reasonOf } from '#web/lib/api-client.ts';
import { sessionManager } from '#web/lib/auth/session.ts';
import { type ErrorToast, notifyFailure } from '#web/lib/error-toast.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { SITE_NAME } from '#web/lib/site.ts';

/** The token of a reset link (`/reset-password#token=…`): in the fragment, so no server ever logs it. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || null;
}

type FormValues = z.input<typeof resetPasswordFormSchema>;

/** Product §8: a suspended account is told so; a refused link is shown on the card, not toasted. */
const passwordNotReset: ErrorToast = (error) => {
  if (error instanceof ApiRequestError && error.code === 'reset_token_invalid') return null;
  if (error instanceof ApiRequestError && error.code === 'user_suspended') {
    return { title: 'Account suspended', description: error.message };
  }
  return { title: 'Password not changed', description: reasonOf(error) };
};

function NewPasswordForm({ token, onLinkRefused }: { token: string; onLinkRefused: (message: string) => void }) {
  const navigate = useNavigate();
  const form = useForm<FormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await sessionManager().resetPassword({ token, password });
    } catch (error) {
      // Not a mutation: this page does not load TanStack Query; the same path words the toast.
      notifyFailure(error, passwordNotReset);
      if (error instanceof ApiRequestError && error.code === 'reset_token_invalid') onLinkRefused(error.message);
      return;
    }
    notifySuccess('Password changed', 'You are signed in with your new password.');
    // Replaces this entry, so the spent link is not left in the history.
    navigate(ROUTES.home, { replace: true });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
      <Field
        label="New password"
        error={errors.password?.message}
        hint={`Password must be at least ${PASSWORD_MIN_LENGTH} characters`}
      >
        {(field) => (
          <Input {...field} {...form.register('password')} type="password" autoComplete="new-password" autoFocus />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <KeyRound aria-hidden="true" />
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="mt-6 rounded-xl border border-cta/60 bg-surface-2 p-4">
      <p className="flex items-center gap-2 font-semibold">
        <Link2Off className="size-5 shrink-0 text-cta" aria-hidden="true" />
        {title}
      </p>
      <p className="mt-2 text-[0.95rem] text-muted">{message}</p>
      <Link to={ROUTES.auth} className={buttonVariants({ variant: 'secondary', className: 'mt-4' })}>
        Log in
      </Link>
    </div>
  );
}

type LinkState =
  | { kind: 'reading' }
  | { kind: 'missing' }
  | { kind: 'ready'; token: string }
  | { kind: 'refused'; message: string };

/** `/reset-password`: choose a new password with a one-time link; success signs in (product D13). */
export function ResetPasswordCard() {
  const [link, setLink] = useState<LinkState>({ kind: 'reading' });
  useEffect(() => {
    const token = tokenFromHash(window.location.hash);
    setLink(token ? { kind: 'ready', token } : { kind: 'missing' });
  }, []);

  return (
    <div className="tray w-full max-w-md p-6 shadow-[0_24px_60px_-30px_var(--glow)] sm:p-8">
      <h1 className="font-display text-3xl font-bold">Choose a new password</h1>
      <p className="mt-1 text-muted">
        Your reset link lets you set a new password for your {SITE_NAME} account once. You are signed in afterwards, and
        signed out everywhere else.
      </p>
      {link.kind === 'ready' ? (
        <NewPasswordForm token={link.token} onLinkRefused={(message) => setLink({ kind: 'refused', message })} />
      ) : link.kind === 'missing' ? (
        <LinkProblem
          title="This page needs your reset link"
          message={`Open the whole link you were given (it ends in #token=…). No link? Ask your club's ${SITE_NAME} administrator, or use "Forgot password?" on the login page.`}
        />
      ) : link.kind === 'refused' ? (
        <LinkProblem title="This link does not work" message={link.message} />
      ) : (
        <div className="mt-6 h-[9.75rem]" aria-hidden="true" />
      )}
    </div>
  );
}
