import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ROUTES } from '#shared/routes.ts';
import { classSignInFormSchema } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiRequestError, reasonOf } from '#web/lib/api-client.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useClassSignIn, useClassSignInPage } from '../api/class-sign-in.ts';

/** Tile colours for the name buttons: the same name always gets the same one. */
const TILE_COLOURS = [
  'bg-sky-500/25',
  'bg-amber-400/30',
  'bg-emerald-500/25',
  'bg-fuchsia-500/20',
  'bg-orange-500/25',
  'bg-teal-500/25',
];

function tileColour(name: string): string {
  let sum = 0;
  for (const char of name) sum = (sum + (char.codePointAt(0) ?? 0)) % 997;
  return TILE_COLOURS[sum % TILE_COLOURS.length] ?? TILE_COLOURS[0] ?? '';
}

type SecretValues = z.input<typeof classSignInFormSchema>;

function SecretForm({
  code,
  learner,
  onBack,
}: {
  code: string;
  learner: { id: string; display_name: string };
  onBack: () => void;
}) {
  const signIn = useClassSignIn(code);
  const navigate = useNavigate();
  // Checked when Sign in is pressed, and only then: a refusal stays under the field until the next press.
  const form = useForm<SecretValues>({
    resolver: zodResolver(classSignInFormSchema),
    defaultValues: { secret: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  useEffect(() => form.setFocus('secret'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync({ learner_id: learner.id, secret: values.secret });
      notifySuccess(`Welcome, ${learner.display_name}!`, 'Pick a robot and start building.');
      navigate(ROUTES.projects, { replace: true });
    } catch (failure) {
      const message = failure instanceof ApiRequestError ? failure.message : reasonOf(failure);
      form.setError('secret', { message });
    }
  });

  return (
    <form method="post" noValidate className="tray mx-auto flex max-w-md flex-col gap-5 p-6 sm:p-8" onSubmit={onSubmit}>
      <input type="hidden" name="learner_id" value={learner.id} />
      <div className="flex items-center gap-3">
        <span
          className={`grid size-14 shrink-0 place-items-center rounded-2xl font-display text-2xl font-bold ${tileColour(learner.display_name)}`}
          aria-hidden="true"
        >
          {[...learner.display_name][0]?.toUpperCase()}
        </span>
        <h2 className="font-display text-2xl font-bold">Hi, {learner.display_name}!</h2>
      </div>
      <Field
        label="Your secret words"
        error={errors.secret?.message}
        hint="The three words on your card, with spaces between them."
      >
        {(field) => (
          <Input
            {...field}
            {...form.register('secret')}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="font-mono text-lg"
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        <LogIn aria-hidden="true" />
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        That is not me
      </Button>
    </form>
  );
}

/**
 * `/c/<code>` (product §2 Class sign-in): a learner taps their name and types their secret words.
 * Nothing else is asked, and nothing is shown but the class's name and its pupils' shown names.
 */
export function ClassSignInPage({ code }: { code: string }) {
  const page = useClassSignInPage(code);
  const [chosen, setChosen] = useState<{ id: string; display_name: string } | null>(null);

  if (page.isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center">
        <Spinner label="Finding your class…" />
      </div>
    );
  }
  if (page.isError) {
    const status = page.error instanceof ApiRequestError ? page.error.status : 0;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="text-5xl" aria-hidden="true">
          🤖
        </p>
        <h1 className="mt-4 font-display text-3xl font-bold">
          {status === 403
            ? 'This class has ended'
            : status === 404 || status === 400
              ? 'No class here'
              : 'Something went wrong'}
        </h1>
        <p className="mt-3 text-muted">{reasonOf(page.error)}</p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="label-mono text-center text-accent">Class sign-in</p>
      <h1 className="mt-2 text-center font-display text-3xl font-bold [overflow-wrap:anywhere] sm:text-4xl">
        {page.data.name}
      </h1>
      {chosen ? (
        <div className="mt-8">
          <SecretForm code={code} learner={chosen} onBack={() => setChosen(null)} />
        </div>
      ) : (
        <section aria-labelledby="names-heading" className="mt-8">
          <h2 id="names-heading" className="text-center text-lg font-semibold">
            Tap your name
          </h2>
          {page.data.learners.length === 0 ? (
            <p className="mt-6 text-center text-muted">Your teacher has not added anyone yet.</p>
          ) : (
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {page.data.learners.map((learner) => (
                <li key={learner.id}>
                  <button
                    type="button"
                    onClick={() => setChosen(learner)}
                    className="tray tray-interactive flex w-full items-center gap-2.5 p-2.5 text-left transition-transform active:translate-y-px sm:gap-3 sm:p-3"
                  >
                    <span
                      className={`grid size-10 shrink-0 place-items-center rounded-xl font-display text-xl font-bold sm:size-11 ${tileColour(learner.display_name)}`}
                      aria-hidden="true"
                    >
                      {[...learner.display_name][0]?.toUpperCase()}
                    </span>
                    <span className="min-w-0 font-semibold break-words hyphens-auto">{learner.display_name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
