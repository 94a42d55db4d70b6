import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Send, UserRoundCog } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { recoverRequestSchema } from '#shared/schemas/recovery.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { notifyInfo } from '#web/lib/notify.ts';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { SITE_NAME } from '#web/lib/site.ts';
import { isMailUnavailable, useAuthSettings, useRequestResetLink } from '../api/recovery.ts';

const panelClass = 'rounded-xl border border-border bg-surface-2/60 p-4';

function AskAnAdministrator() {
  return (
    <div className={panelClass} data-testid="forgot-password">
      <p className="flex items-start gap-2.5 font-medium">
        <UserRoundCog className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        Ask your club's {SITE_NAME} administrator for a reset link.
      </p>
      <p className="mt-2 text-sm text-muted">
        They can make you a one-time link to choose a new password. It works once, within an hour.
      </p>
    </div>
  );
}

type RecoverValues = z.input<typeof recoverRequestSchema>;

function ResetByEmail({ onMailUnavailable }: { onMailUnavailable: () => void }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm<RecoverValues>({
    resolver: zodResolver(recoverRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const requestResetLink = useRequestResetLink();

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const message = await requestResetLink.mutateAsync(email);
      setAnswer(message);
      notifyInfo('Check your e-mail', message);
    } catch (error) {
      // Other failures: the mutation's meta raises the toast.
      if (isMailUnavailable(error)) onMailUnavailable();
    }
  });

  return (
    <div className={panelClass} data-testid="forgot-password">
      <p className="font-medium">
        Enter the e-mail address of your account: we send it a link to choose a new password.
      </p>
      <form method="post" onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <Field label="Email for the reset link" error={errors.email?.message}>
          {(field) => (
            <Input
              {...field}
              {...form.register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={isSubmitting} className="w-full">
          <Send aria-hidden="true" />
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <div role="status">
        {answer ? (
          <p className="mt-4 flex items-start gap-2.5 text-sm">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            {answer}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Panel() {
  const settings = useAuthSettings();
  const [mailUnavailable, setMailUnavailable] = useState(false);
  if (settings.isPending) return <Spinner label="Loading…" />;
  // Without the settings, the way that always works: an administrator's link.
  if (mailUnavailable || settings.data?.password_recovery !== 'email') return <AskAnAdministrator />;
  return <ResetByEmail onMailUnavailable={() => setMailUnavailable(true)} />;
}

/** Loaded when "Forgot password?" is first opened, with the form library it needs. */
export default function ForgotPasswordPanel() {
  return (
    <QueryProvider>
      <Panel />
    </QueryProvider>
  );
}
