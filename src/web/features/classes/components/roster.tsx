import { zodResolver } from '@hookform/resolvers/zod';
import { Download, KeyRound, LockOpen, Pencil, Printer, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ClassDetail,
  type Learner,
  type LearnerWithSecret,
  learnerNameFormSchema,
} from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { downloadFromApi, saveBlob } from '#web/lib/download.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  learnerExportPath,
  useDeleteLearner,
  useRenameLearner,
  useResetSecret,
  useUnlockLearner,
} from '../api/classes.ts';
import { rosterCsv, rosterFileName } from '../lib/roster-csv.ts';
import { formatTime } from '../lib/wording.ts';
import { AddLearners, AddOneLearner } from './add-learners.tsx';
import { NewWordsForAll } from './new-words-for-all.tsx';
import { PrintSheet } from './print-sheet.tsx';
import { SignInCards } from './sign-in-cards.tsx';

/** The class's sign-in address as pupils type it: this site's origin and `/c/<code>`. */
export const signInAddress = (path: string) =>
  typeof window === 'undefined' ? path : `${window.location.host}${path}`;

/**
 * The secret words just made (new learners, or a reset): shown once, here, with cards to print and
 * the roster CSV, both made in this browser from the server's answer. Nothing stores them in clear.
 */
function NewSecrets({
  klass,
  learners,
  reveal,
  onDone,
}: {
  klass: ClassDetail;
  learners: LearnerWithSecret[];
  /** Changes when the panel should come into view with its heading focused (a list added; 0: stay put). */
  reveal: number;
  onDone: () => void;
}) {
  const [printing, setPrinting] = useState(false);
  const stopPrinting = useCallback(() => setPrinting(false), []);
  const address = signInAddress(klass.sign_in_path);
  // New words are shown above the forms that made them: bring them into view, and a screen reader to their heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (reveal === 0) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.closest('section')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [reveal]);
  return (
    <section
      aria-labelledby="secrets-heading"
      className="rounded-xl border-2 border-cta/60 bg-surface p-4 sm:p-5"
      data-testid="new-secrets"
    >
      <h3 id="secrets-heading" ref={heading} tabIndex={-1} className="font-display text-lg font-semibold">
        Print or save these secret words now
      </h3>
      <p className="mt-1 text-sm text-muted">
        They are shown only this once: the site keeps only a scrambled form it cannot turn back into words. Lost a card
        later? Give that pupil new words, or the whole class with “New words for all”.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => setPrinting(true)}>
          <Printer aria-hidden="true" />
          Print sign-in cards
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveBlob(new Blob([rosterCsv(learners)], { type: 'text/csv' }), rosterFileName(klass.name))}
        >
          <Download aria-hidden="true" />
          Download roster (CSV)
        </Button>
        <Button variant="ghost" onClick={onDone}>
          I have them
        </Button>
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                Name
              </th>
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                Username
              </th>
              <th scope="col" className="py-1.5 font-semibold">
                Secret words
              </th>
            </tr>
          </thead>
          <tbody>
            {learners.map((learner) => (
              <tr key={learner.id} className="border-t border-border">
                <td className="py-1.5 pr-3">{learner.display_name}</td>
                <td className="py-1.5 pr-3 font-mono text-xs">{learner.username}</td>
                <td className="py-1.5 font-mono font-semibold" data-testid="secret">
                  {learner.secret}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {printing ? (
        <PrintSheet kind="cards" onDone={stopPrinting}>
          <SignInCards className={klass.name} address={address} learners={learners} />
        </PrintSheet>
      ) : null}
    </section>
  );
}

type Action = { kind: 'rename' | 'delete'; learner: Learner };

function LearnerActions({ klass, action, onClose }: { klass: ClassDetail; action: Action; onClose: () => void }) {
  const rename = useRenameLearner(klass.id);
  const remove = useDeleteLearner(klass.id);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(learnerNameFormSchema),
    defaultValues: { name: action.learner.display_name },
    mode: 'onChange',
  });
  const renameTo = form.handleSubmit(async ({ name }) => {
    const done = await rename.mutateAsync({ learnerId: action.learner.id, displayName: name }).catch(() => null);
    if (done) onClose();
  });
  if (action.kind === 'rename') {
    return (
      <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
        <DialogContent
          title={`Rename ${action.learner.display_name}`}
          description="What the class sign-in page and your grid show."
        >
          <form onSubmit={renameTo} noValidate className="flex flex-col gap-4">
            <Field label="Shown name" error={form.formState.errors.name?.message}>
              {(field) => <Input {...field} {...form.register('name')} autoComplete="off" />}
            </Field>
            <div className="flex gap-2">
              <Button type="submit" disabled={rename.isPending || !form.formState.isValid}>
                {rename.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`Delete ${action.learner.display_name}?`}
        description="Their account, ticks, bookmarks and help requests are deleted at once, and they are signed out. This cannot be undone; download their data first if you need it."
      >
        <div className="flex gap-2">
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={async () => {
              const done = await remove.mutateAsync(action.learner.id).then(
                () => true,
                () => false,
              );
              if (!done) return;
              notifySuccess('Learner deleted', `${action.learner.display_name} and their data are gone.`);
              onClose();
            }}
          >
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Deleting...' : 'Delete learner'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Back
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The class's learners (product §2 Class page): add, rename, new secret words, unlock, data, delete. */
/** `focusName`: the teacher came to add learners (the empty grid's button): the Name field has the cursor. */
export function Roster({ klass, focusName = false }: { klass: ClassDetail; focusName?: boolean }) {
  const [fresh, setFresh] = useState<LearnerWithSecret[] | null>(null);
  // Words made while the panel is open join it (one pupil after another), a pupil's newer words replacing older.
  const keepSecrets = useCallback(
    (made: LearnerWithSecret[]) =>
      setFresh((shown) => [...(shown ?? []).filter((learner) => !made.some((m) => m.id === learner.id)), ...made]),
    [],
  );
  // A pasted list's words are brought into view; one pupil at a time keeps the cursor in Name for the next.
  const [reveal, setReveal] = useState(0);
  const keepListSecrets = useCallback(
    (made: LearnerWithSecret[]) => {
      keepSecrets(made);
      setReveal((count) => count + 1);
    },
    [keepSecrets],
  );
  const [action, setAction] = useState<Action | null>(null);
  const reset = useResetSecret(klass.id);
  const unlock = useUnlockLearner(klass.id);
  const locked = klass.learners.filter((learner) => learner.locked);
  return (
    <div className="flex flex-col gap-6">
      {fresh ? (
        <NewSecrets
          klass={klass}
          learners={fresh}
          reveal={reveal}
          onDone={() => {
            setFresh(null);
            setReveal(0);
          }}
        />
      ) : null}
      {klass.archived_at ? (
        <p className="rounded-xl border border-border bg-surface-2/60 p-4 text-sm">
          This class is archived: its learners cannot sign in. Bring it back in Settings to add or change learners.
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          <section aria-labelledby="add-one-heading" className="flex flex-col gap-2">
            <h3 id="add-one-heading" className="font-display text-lg font-semibold">
              Add one learner
            </h3>
            <AddOneLearner klass={klass} onAdded={keepSecrets} focusName={focusName} />
          </section>
          <p className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or many at once
            <span className="h-px flex-1 bg-border" />
          </p>
          <AddLearners klass={klass} onAdded={keepListSecrets} />
        </div>
      )}
      {locked.length > 0 ? (
        <p role="status" className="rounded-xl border border-amber-500/60 bg-amber-400/10 p-3 text-sm">
          {locked.length === 1 ? '1 learner is' : `${locked.length} learners are`} locked after too many wrong secret
          words: {locked.map((learner) => learner.display_name).join(', ')}. Unlock them below.
        </p>
      ) : null}
      <section aria-labelledby="roster-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="roster-heading" className="font-display text-lg font-semibold">
            {klass.learners.length === 1 ? '1 learner' : `${klass.learners.length} learners`}
          </h3>
          {klass.learners.length > 0 && !klass.archived_at ? (
            // Every word shown before is replaced: the panel shows only the new ones.
            <NewWordsForAll
              klass={klass}
              onMade={(made) => {
                setFresh(made);
                setReveal((count) => count + 1);
              }}
            />
          ) : null}
        </div>
        {klass.learners.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No learners yet: paste their names above.</p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-border rounded-xl border border-border">
            {klass.learners.map((learner) => (
              <li key={learner.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    {learner.display_name}
                    {learner.locked ? (
                      <span className="label-mono ml-2 rounded-full bg-amber-400/25 px-2 py-0.5 text-text">Locked</span>
                    ) : null}
                  </p>
                  <p className="text-xs text-muted">
                    <span className="font-mono">{learner.username}</span> ·{' '}
                    {learner.last_activity ? `last tick ${formatTime(learner.last_activity)}` : 'no ticks yet'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {learner.locked ? (
                    <Button size="sm" onClick={() => unlock.mutate(learner.id)} disabled={unlock.isPending}>
                      <LockOpen aria-hidden="true" />
                      Unlock
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={reset.isPending}
                    aria-label={`New words for ${learner.display_name}`}
                    onClick={async () => {
                      const made = await reset.mutateAsync(learner.id).catch(() => null);
                      if (made) keepSecrets([made]);
                    }}
                  >
                    <KeyRound aria-hidden="true" />
                    New words
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Rename ${learner.display_name}`}
                    onClick={() => setAction({ kind: 'rename', learner })}
                  >
                    <Pencil aria-hidden="true" />
                    Rename
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Download the data of ${learner.display_name}`}
                    onClick={() =>
                      downloadFromApi(learnerExportPath(klass.id, learner.id), 'roboforge-learner.json').then(
                        (file) => notifySuccess('Download started', file),
                        (error: unknown) => notifyError('Download failed', error instanceof Error ? error.message : ''),
                      )
                    }
                  >
                    <Download aria-hidden="true" />
                    Data
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${learner.display_name}`}
                    onClick={() => setAction({ kind: 'delete', learner })}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {action ? <LearnerActions klass={klass} action={action} onClose={() => setAction(null)} /> : null}
    </div>
  );
}
