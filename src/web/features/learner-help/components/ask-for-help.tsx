import { ChevronDown, Footprints, Hand } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { findProject } from '#shared/content/projects.ts';
import { numberedSteps, stepNumberAt } from '#shared/content/steps.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogPanel, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { inputClass } from '#web/components/ui/field.tsx';
import { cn } from '#web/lib/cn.ts';
import { useAskForHelp, useLearnerClass, useWithdrawHelp } from '../api/learner-help.ts';

/**
 * A learner's "I'm stuck" on a tutorial page (product D16): a button that stays in the corner
 * whatever step they are on. It opens a small card, a non-modal dialog: they pick the step (the
 * first one not done, by default; numbered as the page numbers them) and ask; their teacher's help
 * queue shows it at once, and the button then says whether the teacher is coming. Only for
 * learners: members have no teacher here.
 */
export function AskForHelp({
  userId,
  projectId,
  firstOpenStep,
}: {
  userId: string;
  projectId: number;
  firstOpenStep: number;
}) {
  const project = findProject(projectId);
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
  if (!project || !learnerClass.data) return null;
  const helpProject = help ? findProject(help.project_id) : undefined;
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
              <p className="mt-1 text-sm text-muted">
                {helpProject
                  ? `Step ${stepNumberAt(helpProject, help.step)} of ${helpProject.title}`
                  : `Step ${help.step + 1}`}
              </p>
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
          ) : (
            <form
              className="mt-2 flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                ask.mutate({ project_id: projectId, step });
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
          )}
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
