import { ChevronDown, Footprints, Hand, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { findProject } from '#shared/content/projects.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClass } from '#web/components/ui/field.tsx';
import { cn } from '#web/lib/cn.ts';
import { useAskForHelp, useLearnerClass, useWithdrawHelp } from '../api/learner-help.ts';

/**
 * A learner's "I'm stuck" on a tutorial page (product D16): a button that stays in the corner
 * whatever step they are on. It opens a small card: they pick the step (the first one not done, by
 * default) and ask; their teacher's help queue shows it at once, and the button then says whether
 * the teacher is coming. Only for learners: members have no teacher here.
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
    if (!picked) setStep(Math.min(firstOpenStep, (project?.steps.length ?? 1) - 1));
  }, [firstOpenStep, picked, project]);
  if (!project || !learnerClass.data) return null;
  const helpProject = help ? findProject(help.project_id) : undefined;
  const status = help ? (coming ? 'Your teacher is coming!' : 'Waiting for your teacher') : 'Ask for help';

  return (
    <div
      className="fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-2rem)] flex-col items-start gap-2 print:hidden"
      data-testid="ask-for-help"
    >
      {open ? (
        <section
          id={`${id}-card`}
          aria-labelledby={`${id}-title`}
          className={cn(
            'tray w-80 max-w-full p-4 shadow-[0_18px_40px_-16px_rgb(0_0_0/0.55)]',
            help ? 'border-2 border-cta/60' : '',
          )}
        >
          <div className="flex items-start justify-between gap-2">
            <h2 id={`${id}-title`} className="font-display text-lg font-semibold">
              {help ? status : 'Stuck? Ask your teacher'}
            </h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-text"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
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
                Step {help.step + 1} of {helpProject?.emoji} {helpProject?.title}
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
                {project.steps.map((text, index) => (
                  <option key={text} value={index}>
                    step {index + 1}
                  </option>
                ))}
              </select>
              <Button type="submit" disabled={ask.isPending}>
                <Hand aria-hidden="true" />
                {ask.isPending ? 'Asking...' : 'Ask for help'}
              </Button>
            </form>
          )}
        </section>
      ) : null}
      <Button
        variant={help ? 'primary' : 'secondary'}
        aria-expanded={open}
        aria-controls={open ? `${id}-card` : undefined}
        onClick={() => setOpen((value) => !value)}
        className="shadow-[0_10px_30px_-12px_rgb(0_0_0/0.6)] backdrop-blur"
      >
        {coming ? <Footprints aria-hidden="true" /> : <Hand aria-hidden="true" />}
        <span aria-live="polite">{status}</span>
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open ? '' : 'rotate-180')} />
      </Button>
    </div>
  );
}
