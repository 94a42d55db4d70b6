import { Check } from 'lucide-react';
import type { Project } from '#shared/content/projects.ts';
import { cn } from '#web/lib/cn.ts';
import { lineRangeHash, lineRangeLabel } from '../lib/code-anchor.ts';
import type { TutorialView } from '../lib/tutorial-view.ts';
import { JumpLink } from './jump-link.tsx';
import { TutorialSection } from './tutorial-section.tsx';
import { WireSwatch } from './wire-swatch.tsx';

interface TutorialStepsProps {
  project: Project;
  view: TutorialView;
  done: ReadonlySet<number>;
  /** Undefined while the member's ticks are not known yet: the ticks are disabled. */
  onToggle: ((index: number, done: boolean) => void) | undefined;
}

/** Every step, each with its Done tick, the wires it adds and the lines of code it is about. */
export function TutorialSteps({ project, view, done, onToggle }: TutorialStepsProps) {
  return (
    <TutorialSection id="steps" kicker="Build" title="Steps">
      <ol className="flex flex-col gap-4">
        {project.steps.map((step, index) => {
          const number = index + 1;
          const isDone = done.has(index);
          const wires = view.steps[index]?.connections ?? [];
          const refs = view.steps[index]?.codeRefs ?? [];
          return (
            <li
              key={step}
              id={`step-${number}`}
              tabIndex={-1}
              className={cn('step-card tray p-4 outline-none sm:p-5', isDone && 'step-done')}
            >
              <div className="flex gap-3 sm:gap-4">
                <span className="step-number" aria-hidden="true">
                  {isDone ? <Check className="size-4 print:hidden" strokeWidth={3} /> : null}
                  <span className={isDone ? 'hidden print:inline' : undefined}>{String(number).padStart(2, '0')}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="sr-only">Step {number}</h3>
                  <p className="leading-relaxed">{step}</p>
                  {wires.length > 0 ? (
                    <div className="mt-3">
                      <p className="label-mono text-muted">Wires in this step</p>
                      <ul className="mt-2 flex flex-col gap-1.5 text-sm">
                        {wires.map((wire) => (
                          <li key={wire.description} className="flex items-start gap-2.5">
                            <WireSwatch color={wire.color} />
                            <span>{wire.description}</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                    {refs.map((ref) => (
                      <JumpLink
                        key={`${ref.from}-${ref.to}`}
                        hash={lineRangeHash(ref)}
                        targetId={`L${ref.from}`}
                        className="inline-flex min-h-8 items-center gap-1.5 text-sm font-semibold text-accent underline-offset-4 hover:underline"
                      >
                        {lineRangeLabel(ref)}
                      </JumpLink>
                    ))}
                    <label className="check-chip ml-auto print:hidden">
                      <input
                        type="checkbox"
                        className="check-input"
                        checked={isDone}
                        disabled={!onToggle}
                        onChange={(event) => onToggle?.(index, event.target.checked)}
                        aria-label={`Done: step ${number}`}
                      />
                      <span>Done</span>
                    </label>
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </TutorialSection>
  );
}
