import { zodResolver } from '@hookform/resolvers/zod';
import { Archive, ArrowRight, GraduationCap, Plus, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { classPath } from '#shared/routes.ts';
import { createClassRequestSchema } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useClassList, useCreateClass } from '../api/classes.ts';
import { formatDay, spacedCode } from '../lib/wording.ts';

function NewClassForm() {
  const create = useCreateClass();
  const navigate = useNavigate();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(createClassRequestSchema),
    defaultValues: { name: '' },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    const created = await create.mutateAsync(name).catch(() => null);
    if (!created) return;
    notifySuccess('Class created', `${created.name}: its sign-in address is ${created.sign_in_path}.`);
    // What a teacher does next happens in the class: adding its learners.
    navigate(classPath(created.id));
  });
  return (
    <form onSubmit={submit} noValidate className="tray flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:p-6">
      <div className="flex-1">
        <Field
          label="New class"
          error={form.formState.errors.name?.message}
          hint="A name your pupils recognise, e.g. “Year 8 Robotics (Tuesday)”."
        >
          {(field) => <Input {...field} {...form.register('name')} autoComplete="off" placeholder="Class name" />}
        </Field>
      </div>
      <Button type="submit" disabled={create.isPending} className="sm:mb-7">
        <Plus aria-hidden="true" />
        {create.isPending ? 'Creating...' : 'Create class'}
      </Button>
    </form>
  );
}

/** `/classes` (product §2 Classes): a teacher's classes, newest first, and a form for a new one. */
export function ClassesPage() {
  const classes = useClassList();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <p className="label-mono text-accent">Class mode</p>
      <h1 className="mt-2 font-display text-4xl font-bold">Your classes</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Add your pupils without e-mail addresses, print their sign-in cards, and watch their builds and questions live.
        Nothing about them is public.
      </p>
      <div className="mt-8">
        <NewClassForm />
      </div>
      <section aria-labelledby="class-list-heading" className="mt-10">
        <h2 id="class-list-heading" className="sr-only">
          Classes
        </h2>
        {classes.isPending ? (
          <Spinner label="Loading your classes…" />
        ) : classes.isError ? (
          <div role="alert" className="rounded-xl border border-border bg-surface-2/60 p-5">
            <p className="font-semibold">We could not load your classes.</p>
            <p className="mt-1 text-sm text-muted">{reasonOf(classes.error)}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => classes.refetch()}>
              Try again
            </Button>
          </div>
        ) : classes.data.classes.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border p-8 text-center">
            <GraduationCap className="mx-auto size-10 text-accent" aria-hidden="true" />
            <p className="mt-3 font-semibold">No classes yet.</p>
            <p className="mt-1 text-sm text-muted">Create one above: it gets a code your pupils sign in with.</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {classes.data.classes.map((entry) => (
              <li key={entry.id} className="tray tray-interactive flex flex-col p-5">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-display text-xl font-semibold [overflow-wrap:anywhere]">{entry.name}</h3>
                  {entry.archived_at ? (
                    <span className="label-mono inline-flex items-center gap-1 rounded-full border border-border px-2 py-1 text-muted">
                      <Archive className="size-3.5" aria-hidden="true" />
                      Archived
                    </span>
                  ) : null}
                </div>
                <p className="mt-3 text-sm text-muted">Class code</p>
                <p className="font-mono text-2xl font-bold tracking-widest">{spacedCode(entry.join_code)}</p>
                <p className="mt-3 flex items-center gap-2 text-sm text-muted">
                  <Users className="size-4" aria-hidden="true" />
                  {entry.learner_count === 1 ? '1 learner' : `${entry.learner_count} learners`} ·{' '}
                  {entry.teachers.map((teacher) => teacher.name).join(', ')}
                </p>
                {entry.delete_after ? (
                  <p className="mt-1 text-sm text-muted">Deleted on {formatDay(entry.delete_after)} with its data.</p>
                ) : null}
                <Link
                  to={`/classes/${entry.id}`}
                  className="mt-4 inline-flex items-center gap-1.5 self-start font-semibold text-accent underline-offset-4 hover:underline"
                >
                  Open {entry.name}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
