import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { defaultDisplayName, parseRoster, rosterFormSchema, sortRoster } from '#shared/roster.ts';
import { type ClassDetail, type LearnerWithSecret, learnerNameFormSchema } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Textarea } from '#web/components/ui/field.tsx';
import { useAddLearners } from '../api/classes.ts';

/** One pupil at a time: a name, Enter, and their words join the panel of new secrets. */
export function AddOneLearner({
  klass,
  onAdded,
  focusName,
}: {
  klass: ClassDetail;
  onAdded: (learners: LearnerWithSecret[]) => void;
  focusName: boolean;
}) {
  const add = useAddLearners(klass.id);
  const form = useForm<{ name: string }>({ resolver: zodResolver(learnerNameFormSchema), defaultValues: { name: '' } });
  useEffect(() => {
    if (focusName) form.setFocus('name');
  }, [form, focusName]);
  const submit = form.handleSubmit(async ({ name }) => {
    const added = await add.mutateAsync([name]).catch(() => null);
    if (!added) return;
    form.reset({ name: '' });
    onAdded(added.learners);
    // Ready for the next pupil's name.
    form.setFocus('name');
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field
          label="Name"
          error={form.formState.errors.name?.message}
          hint="One pupil: first name and surname. Only the first name and initial are shown (“Ada L.”)."
        >
          {(field) => <Input {...field} {...form.register('name')} autoComplete="off" placeholder="Ada Lovelace" />}
        </Field>
      </div>
      <Button type="submit" variant="secondary" className="self-start sm:mt-[1.6875rem]" disabled={add.isPending}>
        <UserPlus aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add learner'}
      </Button>
    </form>
  );
}

export function AddLearners({
  klass,
  onAdded,
}: {
  klass: ClassDetail;
  onAdded: (learners: LearnerWithSecret[]) => void;
}) {
  const add = useAddLearners(klass.id);
  const form = useForm<z.input<typeof rosterFormSchema>, unknown, z.output<typeof rosterFormSchema>>({
    resolver: zodResolver(rosterFormSchema),
    defaultValues: { text: '' },
  });
  const refusedId = useId();
  // What the preview and the button count: the names as the server will get them, and the ones it would refuse.
  const text = form.watch('text');
  const { accepted, refused } = useMemo(() => sortRoster(parseRoster(text)), [text]);
  const submit = form.handleSubmit(async (values) => {
    const added = await add.mutateAsync(values.text.accepted).catch(() => null);
    if (!added) return;
    // The refused names stay, one a line, to be shortened or fixed and added after.
    form.reset({ text: values.text.refused.map((entry) => entry.name).join('\n') });
    onAdded(added.learners);
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field
        label="Add learners"
        error={form.formState.errors.text?.message}
        hint="One name a line, or paste a CSV with a “name” column (from a spreadsheet). Each pupil gets a username and three secret words; only their first name and initial are shown."
      >
        {(field) => (
          <Textarea
            {...field}
            {...form.register('text')}
            rows={5}
            placeholder={'Ada Lovelace\nGrace Hopper\nAlan Turing'}
          />
        )}
      </Field>
      {accepted.length > 0 ? (
        <p className="text-sm text-muted" aria-live="polite">
          {accepted.length === 1 ? '1 learner' : `${accepted.length} learners`}:{' '}
          {accepted
            .slice(0, 6)
            .map((name) => defaultDisplayName(name))
            .join(', ')}
          {accepted.length > 6 ? ', …' : ''}
        </p>
      ) : null}
      {refused.length > 0 ? (
        <div
          className="rounded-xl border border-amber-500/60 bg-amber-400/10 p-3 text-sm"
          aria-live="polite"
          data-testid="refused-names"
        >
          <p id={refusedId} className="font-semibold">
            {refused.length === 1 ? '1 name cannot be added:' : `${refused.length} names cannot be added:`}
          </p>
          <ul aria-labelledby={refusedId} className="mt-1.5 flex flex-col gap-1">
            {refused.map((entry, index) => (
              // The same name can be pasted twice: its place in the list tells the two apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt from the text on every change.
              <li key={index} className="[overflow-wrap:anywhere]">
                “{entry.name}” ({[...entry.name].length} characters): {entry.reason}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button type="submit" className="self-start" disabled={add.isPending}>
        <UserPlus aria-hidden="true" />
        {add.isPending
          ? 'Adding...'
          : accepted.length === 0
            ? 'Add learners'
            : accepted.length === 1
              ? 'Add 1 learner'
              : `Add ${accepted.length} learners`}
      </Button>
    </form>
  );
}
