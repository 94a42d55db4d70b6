import { Check, Footprints, Hand } from 'lucide-react';
import { useEffect, useState } from 'react';
import { findProject } from '#shared/content/projects.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { useAnswerHelp, useHelpQueue } from '../api/classes.ts';
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
              const project = findProject(request.project_id);
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
                  <p className="mt-1 text-sm">
                    Stuck on step {request.step + 1} of {project?.emoji} {project?.title}
                  </p>
                  {request.coming_at ? (
                    <p className="mt-1 text-xs font-semibold text-accent">They know you are coming.</p>
                  ) : null}
                  <div className="mt-2.5 flex flex-wrap gap-2">
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
