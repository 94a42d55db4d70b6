import { ChevronDown, Footprints, Hand } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { findProject, type Project } from '#shared/content/projects.ts';
import { numberedSteps, stepNumberAt } from '#shared/content/steps.ts';
import type { LearnerClass } from '#shared/schemas/classes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogPanel, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { inputClass } from '#web/components/ui/field.tsx';
import { cn } from '#web/lib/cn.ts';
import { useAskForHelp, useLearnerClass, useWithdrawHelp } from '../api/learner-help.ts';

/** Where the card is: a tutorial's page (opening at its first step not done), or a sketch of the learner's own. */
export type AskingPlace = { projectId: number; firstOpenStep: number } | { sketchId: string };

/** What an open request is about, as the learner reads it on the card. */
function askedAbout(help: NonNullable<LearnerClass['help']>, project: Project | undefined, sketchId: string | null) {
  if (help.sketch_id) return help.sketch_id === sketchId ? 'About this sketch' : 'About a sketch of yours';
  if (help.step === null) return '';
  return project ? `Step ${stepNumberAt(project, help.step)} of ${project.title}` : `Step ${help.step + 1}`;
}

/**
 * A learner's "I'm stuck" on a tutorial page (product D16): a button that stays in the corner
 * whatever step they are on. It opens a small card, a non-modal dialog: they pick the step (the
 * first one not done, by default; numbered as the page numbers them) and ask; their teacher's help
 * queue shows it at once, and the button then says whether the teacher is coming. Only for
 * learners: members have no teacher here.
 */
export function AskForHelp({ userId, place }: { userId: string; place: AskingPlace }) {
  const projectId = 'projectId' in place ? place.projectId : null;
  const firstOpenStep = 'firstOpenStep' in place ? place.firstOpenStep : 0;
  const sketchId = 'sketchId' in place ? place.sketchId : null;
  const project = projectId === null ? undefined : findProject(projectId);
  const learnerClass = useLearnerClass(userId);
  const ask = useAskForHelp(userId);
  const withdraw = useWithdrawHelp(userId);
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(firstOpenStep);
  const id = useId();
  const help = learnerClass.data?.help ?? null;
  const coming = help?.coming_at != null;
  // The step the page opens at comes in after the ticks load: follow it until the learner picks one.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (!picked) setStep(firstOpenStep);
  }, [firstOpenStep, picked]);
  if ((!project && !sketchId) || !learnerClass.data) return null;
  const helpProject = help?.project_id ? findProject(help.project_id) : undefined;
  const status = help ? (coming ? 'Your teacher is coming!' : 'Waiting for your teacher') : 'Ask for help';

  return (
    <Dialog modal={false} open={open} onOpenChange={setOpen}>
      <div
        className="fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-2rem)] flex-col items-start gap-2 print:hidden"
        data-testid="ask-for-help"
      >
        <DialogPanel
          title={help ? status : 'Stuck? Ask your teacher'}
          className={cn(
            'w-80 max-w-full p-4 shadow-[0_18px_40px_-16px_rgb(0_0_0/0.55)]',
            help ? 'border-2 border-cta/60' : '',
          )}
        >
          {help ? (
            <>
              <p className="mt-1 text-sm">
                {coming ? (
                  <span className="inline-flex items-center gap-1.5 font-semibold text-accent">
                    <Footprints className="size-4" aria-hidden="true" />
                    On the way to you now.
                  </span>
                ) : (
                  <>
                    You are in the help queue of <span className="font-semibold">{learnerClass.data.class_name}</span>.
                    Keep trying while you wait!
                  </>
                )}
              </p>
              <p className="mt-1 text-sm text-muted">{askedAbout(help, helpProject, sketchId)}</p>
              <Button
                size="sm"
                variant="ghost"
                className="mt-2"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate()}
              >
                I sorted it out
              </Button>
            </>
          ) : sketchId ? (
            <form
              className="mt-2 flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                ask.mutate({ sketch_id: sketchId });
              }}
            >
              <p className="text-sm">Your teacher will see this sketch’s code.</p>
              <Button type="submit" disabled={ask.isPending}>
                <Hand aria-hidden="true" />
                {ask.isPending ? 'Asking...' : 'Ask for help with this sketch'}
              </Button>
            </form>
          ) : project ? (
            <form
              className="mt-2 flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                ask.mutate({ project_id: project.id, step });
              }}
            >
              <label htmlFor={`${id}-step`} className="text-sm font-semibold">
                I’m stuck on
              </label>
              <select
                id={`${id}-step`}
                value={step}
                onChange={(event) => {
                  setPicked(true);
                  setStep(Number(event.target.value));
                }}
                className={inputClass}
              >
                {numberedSteps(project).map(({ index, number }) => (
                  <option key={index} value={index}>
                    step {number}
                  </option>
                ))}
              </select>
              <Button type="submit" disabled={ask.isPending}>
                <Hand aria-hidden="true" />
                {ask.isPending ? 'Asking...' : 'Ask for help'}
              </Button>
            </form>
          ) : null}
        </DialogPanel>
        <DialogTrigger asChild>
          <Button
            variant={help ? 'primary' : 'secondary'}
            className="shadow-[0_10px_30px_-12px_rgb(0_0_0/0.6)] backdrop-blur"
          >
            {coming ? <Footprints aria-hidden="true" /> : <Hand aria-hidden="true" />}
            <span aria-live="polite">{status}</span>
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open ? '' : 'rotate-180')} />
          </Button>
        </DialogTrigger>
      </div>
    </Dialog>
  );
}
