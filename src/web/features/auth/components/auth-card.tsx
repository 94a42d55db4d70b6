import { zodResolver } from '@hookform/resolvers/zod';
import { CloudOff, LogIn, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { credentialsSchema, signUpFormSchema } from '#shared/schemas/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { sessionManager } from '#web/lib/auth/session.ts';
import { notifyFailure, withReason } from '#web/lib/error-toast.ts';
import { typedBeforeStart } from '#web/lib/held-input.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useOnline } from '#web/lib/offline/connectivity.ts';
import { ForgotPassword } from './forgot-password.tsx';

type FormValues = z.input<typeof credentialsSchema>;

function CredentialsForm({
  mode,
  destination,
  onSignedUp,
  signedUpEmail,
}: {
  mode: 'login' | 'signup';
  destination: string;
  onSignedUp: (email: string) => void;
  /** The address an account was just made for: Login starts with it, waiting for the password. */
  signedUpEmail?: string | undefined;
}) {
  const navigate = useNavigate();
  const isLogin = mode === 'login';
  const [defaultValues] = useState(() =>
    signedUpEmail === undefined
      ? typedBeforeStart(mode, { email: '', password: '' })
      : { email: signedUpEmail, password: '' },
  );
  const form = useForm<FormValues>({
    resolver: zodResolver(isLogin ? credentialsSchema : signUpFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  // Signing in and up need the server (product D15): offline the button waits, and the card says why.
  const online = useOnline();
  // Just signed up: the e-mail is filled in, so the next thing to type is the password.
  useEffect(() => {
    if (signedUpEmail !== undefined) form.setFocus('password');
  }, [form, signedUpEmail]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (isLogin) {
        await sessionManager().signInWithPassword({ email: values.email, password: values.password });
        notifySuccess('Welcome back!', 'Successfully logged in.');
        navigate(destination);
      } else {
        await sessionManager().signUp({ email: values.email, password: values.password });
        notifySuccess('Success!', 'Account created! You can now log in.');
        form.reset();
        onSignedUp(values.email);
      }
    } catch (error) {
      // Not a mutation: /auth does not load TanStack Query; the same path words the toast.
      notifyFailure(error, withReason(isLogin ? 'Login failed' : 'Sign up failed'));
    }
  });

  return (
    // POST, never GET: sent without the app, the password goes nowhere (the server answers 303 back here).
    <form name={mode} method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="Email" error={errors.email?.message}>
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
      <Field
        label="Password"
        error={errors.password?.message}
        hint={isLogin ? undefined : `Password must be at least ${PASSWORD_MIN_LENGTH} characters`}
      >
        {(field) => (
          <Input
            {...field}
            {...form.register('password')}
            type="password"
            autoComplete={isLogin ? 'current-password' : 'new-password'}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting || !online} className="mt-1 w-full">
        {isLogin ? <LogIn aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {isLogin ? (isSubmitting ? 'Logging in...' : 'Login') : isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** `destination`: where signing in leads (a same-site path the route has checked). */
export function AuthCard({ destination }: { destination: string }) {
  const [tab, setTab] = useState<'login' | 'signup'>('login');
  const [signedUpEmail, setSignedUpEmail] = useState<string | undefined>(undefined);
  const online = useOnline();
  return (
    <div className="tray w-full max-w-md p-6 shadow-[0_24px_60px_-30px_var(--glow)] sm:p-8">
      <h1 className="font-display text-3xl font-bold">Welcome!</h1>
      <p className="mt-1 text-muted">Log in to follow the builds, or create a free account.</p>
      {online ? null : (
        <p
          role="status"
          className="mt-4 flex items-start gap-2 rounded-lg border border-cta/60 bg-surface-2 p-3 text-sm"
          data-testid="auth-offline"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0 text-cta" aria-hidden="true" />
          Logging in and signing up need a connection. You are offline: try again when you are back online.
        </p>
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value === 'signup' ? 'signup' : 'login')} className="mt-6">
        <TabsList aria-label="Log in or sign up">
          <TabsTrigger value="login" fill>
            Login
          </TabsTrigger>
          <TabsTrigger value="signup" fill>
            Sign Up
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="mt-6 outline-none">
          {/* Keyed by the new address: the form starts again with it (product §8: the sign-up fields are cleared). */}
          <CredentialsForm
            key={signedUpEmail ?? ''}
            mode="login"
            destination={destination}
            onSignedUp={() => undefined}
            signedUpEmail={signedUpEmail}
          />
          <ForgotPassword />
        </TabsContent>
        <TabsContent value="signup" className="mt-6 outline-none">
          <CredentialsForm
            mode="signup"
            destination={destination}
            onSignedUp={(email) => {
              setSignedUpEmail(email);
              setTab('login');
            }}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
