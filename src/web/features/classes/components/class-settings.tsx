import { zodResolver } from '@hookform/resolvers/zod';
import { Archive, ArchiveRestore, ArrowRight, Trash2, UserPlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { classCommunityPath } from '#shared/routes.ts';
import { addTeacherRequestSchema, type ClassDetail, createClassRequestSchema } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { notifySuccess } from '#web/lib/notify.ts';
import { useAddTeacher, useDeleteClass, useRemoveTeacher, useUpdateClass } from '../api/classes.ts';
import { formatDay } from '../lib/wording.ts';

/** The class's own community page (product D18): off until a teacher switches it on. */
function CommunitySwitch({ klass }: { klass: ClassDetail }) {
  const update = useUpdateClass(klass.id);
  const switchId = useId();
  const hintId = useId();
  // The switch moves at once; the class's answer (or a refusal) settles it.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const on = wanted ?? klass.community;
  useEffect(() => {
    if (wanted === klass.community) setWanted(null);
  }, [wanted, klass.community]);
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/60 p-4">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={switchId} className="font-semibold">
          Class community page
        </label>
        <Switch
          id={switchId}
          checked={on}
          aria-describedby={hintId}
          onCheckedChange={(checked) => {
            setWanted(checked);
            update.mutate({ community: checked }, { onError: () => setWanted(null) });
          }}
        />
      </div>
      <p id={hintId} className="text-sm text-muted">
        When it is on, your learners open a page of this class from their dashboard: its name, their classmates’ shown
        names and their teachers, nothing else (no usernames, progress or help requests).
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-medium" aria-live="polite">
          {klass.archived_at
            ? 'The class is archived: its learners cannot see the page until you bring the class back.'
            : on
              ? 'On: your learners can see it.'
              : 'Off: only this class’s teachers can see it.'}
        </p>
        <Link
          to={classCommunityPath(klass.id)}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
        >
          {on ? 'Open the page' : 'Preview the page'}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}

function Teachers({ klass, ownId }: { klass: ClassDetail; ownId: string }) {
  const add = useAddTeacher(klass.id);
  const remove = useRemoveTeacher(klass.id);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(addTeacherRequestSchema),
    defaultValues: { email: '' },
  });
  const email = form.watch('email');
  const submit = form.handleSubmit(async (values) => {
    const added = await add.mutateAsync(values.email).catch(() => null);
    if (!added) return;
    notifySuccess('Co-teacher added', `${values.email} can open this class now.`);
    form.reset({ email: '' });
  });
  return (
    <section aria-labelledby="teachers-heading" className="flex flex-col gap-3">
      <h3 id="teachers-heading" className="font-display text-lg font-semibold">
        Teachers
      </h3>
      <ul className="flex flex-col gap-2">
        {klass.teachers.map((teacher) => (
          <li
            key={teacher.id}
            className="flex items-center justify-between gap-2 rounded-lg border border-border p-2.5"
          >
            <span className="[overflow-wrap:anywhere]">
              <span className="font-semibold">{teacher.name}</span>
              {teacher.id === ownId ? ' (you)' : ''} <span className="text-sm text-muted">{teacher.email}</span>
            </span>
            {klass.teachers.length > 1 ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${teacher.name} from this class`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(teacher.id)}
              >
                <X aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <form noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start" onSubmit={submit}>
        <div className="flex-1">
          <Field
            label="Add a co-teacher"
            error={form.formState.errors.email?.message}
            hint="The e-mail of another teacher on this site."
          >
            {(field) => <Input {...field} {...form.register('email')} type="email" autoComplete="off" />}
          </Field>
        </div>
        <Button
          type="submit"
          variant="secondary"
          disabled={add.isPending || email.trim() === ''}
          className="self-start sm:mt-[1.6875rem]"
        >
          <UserPlus aria-hidden="true" />
          Add
        </Button>
      </form>
    </section>
  );
}

function DeleteClass({ klass }: { klass: ClassDetail }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteClass(klass.id);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete class
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Delete ${klass.name}?`}
          description={`The class and its ${klass.learners.length} learners’ accounts, ticks, bookmarks and help requests are deleted at once. This cannot be undone.`}
        >
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={async (event) => {
              event.preventDefault();
              const done = await remove.mutateAsync(typed).then(
                () => true,
                () => false,
              );
              if (!done) return;
              notifySuccess('Class deleted', `${klass.name} and its learners’ data are gone.`);
              navigate('/classes', { replace: true });
            }}
          >
            <Field label={`Type “${klass.name}” to confirm`}>
              {(field) => (
                <Input {...field} autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
              )}
            </Field>
            <div className="flex gap-2">
              <Button type="submit" variant="danger" disabled={typed.trim() !== klass.name || remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete class and data'}
              </Button>
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Back
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A class's settings: its name, teachers, archiving (the year is over) and deletion. */
export function ClassSettings({ klass, ownId }: { klass: ClassDetail; ownId: string }) {
  const update = useUpdateClass(klass.id);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(createClassRequestSchema),
    defaultValues: { name: klass.name },
  });
  const name = form.watch('name');
  return (
    <div className="flex flex-col gap-8">
      <form
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={form.handleSubmit((values) => update.mutate(values))}
      >
        <div className="flex-1">
          <Field label="Class name" error={form.formState.errors.name?.message}>
            {(field) => <Input {...field} {...form.register('name')} autoComplete="off" />}
          </Field>
        </div>
        <Button
          type="submit"
          variant="secondary"
          className="self-start sm:mt-[1.6875rem]"
          disabled={update.isPending || name.trim() === klass.name}
        >
          Rename
        </Button>
      </form>
      <CommunitySwitch klass={klass} />
      <Teachers klass={klass} ownId={ownId} />
      <section aria-labelledby="end-heading" className="flex flex-col gap-3">
        <h3 id="end-heading" className="font-display text-lg font-semibold">
          End of the year
        </h3>
        {klass.archived_at ? (
          <p className="text-sm text-muted">
            Archived: its learners cannot sign in. Their progress is kept until{' '}
            {klass.delete_after ? formatDay(klass.delete_after) : 'the site’s retention ends'}, then deleted with the
            class.
          </p>
        ) : (
          <p className="text-sm text-muted">
            Archive the class when the year is over: its learners are signed out and cannot sign in again, and their
            progress is kept for the time your site keeps archived classes, then deleted.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ archived: !klass.archived_at })}
          >
            {klass.archived_at ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
            {klass.archived_at ? 'Bring the class back' : 'Archive class'}
          </Button>
          <DeleteClass klass={klass} />
        </div>
      </section>
    </div>
  );
}
