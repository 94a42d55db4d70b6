import { Check, Code2, Footprints, Hand, Puzzle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TRAINER_CIRCUIT } from '#shared/constants.ts';
import { findProject, findProjectBySlug, type Project } from '#shared/content/projects.ts';
import { stepNumberAt } from '#shared/content/steps.ts';
import type { HelpRequest } from '#shared/schemas/classes.ts';
import { CodeDiff } from '#web/components/code-diff.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { useAnswerHelp, useHelpQueue, useHelpSketch, useLearnerCode } from '../api/classes.ts';
import { waited } from '../lib/wording.ts';

/** The time now, every 15 s: waiting times move without a refetch. */
function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A learner's own version of the tutorial's code: what they changed, then all of it, read-only. */
function TheirCode({ classId, learnerId, slug }: { classId: string; learnerId: string; slug: string }) {
  const code = useLearnerCode(classId, learnerId, slug);
  if (code.isPending) return <Spinner label="Loading their code…" />;
  if (code.isError) return <p className="text-sm text-muted">We could not load their code: {reasonOf(code.error)}</p>;
  return (
    <div className="flex flex-col gap-3" data-testid="their-code">
      <h3 className="font-semibold">What they changed</h3>
      <CodeDiff original={code.data.original} changed={code.data.theirs} />
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-accent">All of their code</summary>
        <pre
          className="mt-2 max-h-80 overflow-auto rounded-lg border border-border bg-[var(--code-bg)] p-3 font-mono text-xs"
          translate="no"
        >
          {code.data.theirs}
        </pre>
      </details>
    </div>
  );
}

/** The circuit a sketch runs on, as the learner's page names it. */
const circuitName = (circuit: string) =>
  circuit === TRAINER_CIRCUIT ? 'the trainer board' : (findProjectBySlug(circuit)?.title ?? circuit);

/**
 * The sketch of their own a learner asked about (issue 33), read-only. A blocks program shows as the
 * C++ its blocks make, which is what their page shows beside the blocks and what runs.
 */
function TheirSketch({ classId, requestId }: { classId: string; requestId: number }) {
  const sketch = useHelpSketch(classId, requestId);
  if (sketch.isPending) return <Spinner label="Loading their sketch…" />;
  if (sketch.isError)
    return <p className="text-sm text-muted">We could not load their sketch: {reasonOf(sketch.error)}</p>;
  const { name, circuit, made_with: madeWith, source } = sketch.data;
  return (
    <div className="flex flex-col gap-3" data-testid="their-sketch">
      <p className="text-sm">
        <span className="font-semibold">{name}</span>, on {circuitName(circuit)}.{' '}
        {madeWith === 'blocks'
          ? 'Made with blocks: this is the C++ their blocks make, as they see it beside the blocks.'
          : 'Written as code.'}
      </p>
      <pre
        className="max-h-96 overflow-auto rounded-lg border border-border bg-[var(--code-bg)] p-3 font-mono text-xs"
        translate="no"
      >
        {source}
      </pre>
    </div>
  );
}

/** What the learner is stuck on, in one line. */
function stuckOn(request: HelpRequest, project: Project | undefined): string {
  if (request.sketch) {
    const kind = request.sketch.made_with === 'blocks' ? 'blocks sketch' : 'sketch';
    return `Stuck with their ${kind} “${request.sketch.name}”`;
  }
  if (request.step === null) return 'Stuck with a sketch they have since deleted';
  return project
    ? `Stuck on step ${stepNumberAt(project, request.step)} of ${project.title}`
    : `Stuck on step ${request.step + 1}`;
}

/**
 * The help queue (product §2 Class page): who is waiting, on which step of which tutorial, for how
 * long, in the order they asked; live. "I'm coming" tells the learner; "Done" takes them off.
 */
export function HelpQueue({ classId }: { classId: string }) {
  const queue = useHelpQueue(classId);
  const answer = useAnswerHelp(classId);
  const now = useNow();
  const requests = queue.data?.requests ?? [];
  return (
    <section aria-labelledby="help-heading" className="tray p-4 sm:p-5">
      <h2 id="help-heading" className="flex items-center gap-2 font-display text-xl font-semibold">
        <Hand className="size-5 text-cta" aria-hidden="true" />
        Help queue
        <span className="label-mono rounded-full bg-surface-2 px-2 py-0.5 text-text" data-testid="help-count">
          {requests.length}
        </span>
      </h2>
      <div aria-live="polite">
        {queue.isPending ? (
          <Spinner label="Loading the help queue…" />
        ) : queue.isError ? (
          <p className="mt-3 text-sm text-muted">We could not load the help queue: {reasonOf(queue.error)}</p>
        ) : requests.length === 0 ? (
          <p className="mt-3 text-sm text-muted">Nobody is waiting. When a pupil asks for help, they appear here.</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-2.5">
            {requests.map((request, position) => {
              const project = request.project_id === null ? undefined : findProject(request.project_id);
              return (
                <li
                  key={request.id}
                  className="rounded-xl border border-border bg-surface-2/50 p-3"
                  data-testid="help-request"
                >
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="font-semibold">
                      <span className="label-mono mr-1.5 text-muted">{position + 1}.</span>
                      {request.display_name}
                    </p>
                    <p className="text-xs text-muted">waiting {waited(request.created_at, now)}</p>
                  </div>
                  <p className="mt-1 text-sm">{stuckOn(request, project)}</p>
                  {request.coming_at ? (
                    <p className="mt-1 text-xs font-semibold text-accent">They know you are coming.</p>
                  ) : null}
                  <div className="mt-2.5 flex flex-wrap gap-2">
                    {request.code_changed && project ? (
                      <Dialog>
                        <DialogTrigger asChild>
                          <Button size="sm" variant="secondary">
                            <Code2 aria-hidden="true" />
                            Their code
                          </Button>
                        </DialogTrigger>
                        <DialogContent
                          className="max-w-2xl"
                          title={`${request.display_name}’s code`}
                          description={`Their version of ${project.title}, beside the tutorial’s. You can read it, not change it.`}
                        >
                          <TheirCode classId={classId} learnerId={request.learner_id} slug={project.slug} />
                        </DialogContent>
                      </Dialog>
                    ) : null}
                    {request.sketch ? (
                      <Dialog>
                        <DialogTrigger asChild>
                          <Button size="sm" variant="secondary">
                            {request.sketch.made_with === 'blocks' ? (
                              <Puzzle aria-hidden="true" />
                            ) : (
                              <Code2 aria-hidden="true" />
                            )}
                            Their sketch
                          </Button>
                        </DialogTrigger>
                        <DialogContent
                          className="max-w-2xl"
                          title={`${request.display_name}’s sketch`}
                          description="A sketch of their own, as they last saved it. You can read it, not change it."
                        >
                          <TheirSketch classId={classId} requestId={request.id} />
                        </DialogContent>
                      </Dialog>
                    ) : null}
                    {request.coming_at ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={answer.isPending}
                        onClick={() => answer.mutate({ requestId: request.id, state: 'coming' })}
                      >
                        <Footprints aria-hidden="true" />
                        I’m coming
                      </Button>
                    )}
                    <Button
                      size="sm"
                      disabled={answer.isPending}
                      onClick={() => answer.mutate({ requestId: request.id, state: 'handled' })}
                      aria-label={`Done helping ${request.display_name}`}
                    >
                      <Check aria-hidden="true" />
                      Done
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
