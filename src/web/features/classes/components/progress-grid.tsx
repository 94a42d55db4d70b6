import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { findProject } from '#shared/content/projects.ts';
import type { ClassProgress } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useLearnerProgress } from '../api/classes.ts';
import { type CellLevel, cellLevel, formatTime } from '../lib/wording.ts';

/** Each level its own colour and its own words, so the grid does not rely on colour alone. */
const LEVEL_CLASS: Record<CellLevel, string> = {
  none: 'border-border bg-transparent text-muted',
  started: 'border-amber-500/60 bg-amber-400/15 text-text',
  half: 'border-sky-500/60 bg-sky-400/20 text-text',
  most: 'border-teal-500/60 bg-teal-400/25 text-text',
  done: 'border-emerald-600 bg-emerald-500/35 text-text font-bold',
};

interface OpenCell {
  readonly learnerId: string;
  readonly name: string;
  readonly projectId: number;
}

function CellDetail({ classId, cell, onClose }: { classId: string; cell: OpenCell; onClose: () => void }) {
  const progress = useLearnerProgress(classId, cell.learnerId);
  const project = findProject(cell.projectId);
  const steps = progress.data?.steps.filter((tick) => tick.project_id === cell.projectId) ?? [];
  const materials = progress.data?.materials.filter((tick) => tick.project_id === cell.projectId) ?? [];
  const doneAt = new Map(steps.map((tick) => [tick.index, tick.done_at]));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`${cell.name}: ${project?.title ?? 'Tutorial'}`}
        description={`${steps.length} of ${project?.steps.length ?? 0} steps done, ${materials.length} of ${project?.materials.length ?? 0} parts at hand.`}
      >
        {progress.isPending ? (
          <Spinner label="Loading the steps…" />
        ) : (
          <ol className="flex flex-col gap-2">
            {project?.steps.map((step, index) => {
              const at = doneAt.get(index);
              return (
                <li
                  key={step}
                  className={cn(
                    'flex gap-3 rounded-lg border p-2.5 text-sm',
                    at ? 'border-emerald-600/60 bg-emerald-500/10' : 'border-border',
                  )}
                >
                  <span className="label-mono w-6 shrink-0 pt-0.5">{String(index + 1).padStart(2, '0')}</span>
                  <span className="flex-1">
                    {step}
                    <span className="mt-0.5 block text-xs text-muted">{at ? `Done ${formatTime(at)}` : 'Not yet'}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The class grid (product §2 Class page): a learner a row, a tutorial a column, each cell "3/10"
 * coloured by the share done; it changes live as pupils tick. A cell opens which steps and when.
 */
export function ProgressGrid({
  classId,
  progress,
  onAddLearners,
}: {
  classId: string;
  progress: ClassProgress;
  /** Opens the Learners tab, where a class without learners gets them. */
  onAddLearners: () => void;
}) {
  const [open, setOpen] = useState<OpenCell | null>(null);
  if (progress.learners.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border p-6 text-center sm:p-8" data-testid="grid-empty">
        <UserPlus className="mx-auto size-10 text-accent" aria-hidden="true" />
        <p className="mt-3 font-semibold">No learners in this class yet.</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted">
          Add your pupils’ names: each gets a username and three secret words to sign in with, and their progress shows
          here as they build.
        </p>
        <Button className="mt-4" onClick={onAddLearners}>
          <UserPlus aria-hidden="true" />
          Add learners
        </Button>
      </div>
    );
  }
  return (
    <>
      <div className="class-grid-scroll relative overflow-x-auto rounded-xl border border-border" tabIndex={-1}>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">
            Steps done of each tutorial, per learner. Open a cell to see which steps and when.
          </caption>
          <thead>
            <tr className="bg-surface-2">
              <th scope="col" className="sticky left-0 z-10 bg-surface-2 px-3 py-2 text-left font-semibold">
                Learner
              </th>
              {progress.projects.map((project) => (
                <th
                  key={project.id}
                  scope="col"
                  className="px-1.5 py-2 text-center font-semibold"
                  title={project.title}
                >
                  {/* The tutorial's picture, not its emoji: many school machines have no emoji font. */}
                  <img
                    src={`/art/${project.slug}.svg`}
                    alt=""
                    width={28}
                    height={28}
                    className="mx-auto block size-7"
                  />
                  <span className="sr-only">{project.title}</span>
                  <span aria-hidden="true" className="block text-[0.7rem] font-normal text-muted">
                    {project.id}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {progress.learners.map((learner) => (
              <tr key={learner.id} className="border-t border-border">
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-[9rem] truncate bg-surface px-3 py-1.5 text-left font-semibold"
                >
                  {learner.display_name}
                </th>
                {learner.cells.map((cell) => {
                  const project = progress.projects.find((entry) => entry.id === cell.project_id);
                  const total = project?.steps_total ?? 1;
                  const level = cellLevel(cell.steps_done, total);
                  return (
                    <td key={cell.project_id} className="px-1 py-1 text-center">
                      <button
                        type="button"
                        data-cell={`${learner.id}:${cell.project_id}`}
                        data-level={level}
                        onClick={() =>
                          setOpen({ learnerId: learner.id, name: learner.display_name, projectId: cell.project_id })
                        }
                        aria-label={`${cell.steps_done}/${total} steps${cell.code_changed ? ', changed the code' : ''}: ${learner.display_name}, ${project?.title}`}
                        className={cn(
                          'min-w-[3.25rem] rounded-lg border px-1.5 py-1.5 font-mono text-xs tabular-nums transition-colors hover:border-accent',
                          LEVEL_CLASS[level],
                        )}
                      >
                        {cell.steps_done}/{total}
                        {cell.code_changed ? (
                          <span className="ml-0.5 font-bold text-accent" title="Changed the code" aria-hidden="true">
                            {'</>'}
                          </span>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 grid gap-x-4 gap-y-1 text-xs text-muted sm:grid-cols-3" aria-label="Tutorials">
        {progress.projects.map((project) => (
          <li key={project.id}>
            <span className="label-mono mr-1">{project.id}</span>
            <img
              src={`/art/${project.slug}.svg`}
              alt=""
              width={16}
              height={16}
              className="mr-1 inline-block size-4 align-[-3px]"
            />
            {project.title}
          </li>
        ))}
      </ul>
      <ul className="mt-3 flex flex-wrap gap-3 text-xs text-muted" aria-label="Colours">
        {(['none', 'started', 'half', 'most', 'done'] as const).map((level) => (
          <li key={level} className="flex items-center gap-1.5">
            <span className={cn('inline-block size-3.5 rounded border', LEVEL_CLASS[level])} aria-hidden="true" />
            {
              {
                none: 'not started',
                started: 'started',
                half: 'a third done',
                most: 'two thirds done',
                done: 'finished',
              }[level]
            }
          </li>
        ))}
      </ul>
      {open ? <CellDetail classId={classId} cell={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
