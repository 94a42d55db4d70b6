import { numberedSteps } from '#shared/content/steps.ts';
import type { Progress, ProgressKind } from '#shared/schemas/progress.ts';

interface TickChange {
  readonly projectId: number;
  readonly kind: ProgressKind;
  readonly index: number;
  readonly done: boolean;
}

const EMPTY: Progress = { steps: [], materials: [] };

/** The progress list with one tick set or cleared, as the server will have it (for optimistic updates). */
export function withTick(progress: Progress | undefined, { projectId, kind, index, done }: TickChange): Progress {
  const current = progress ?? EMPTY;
  const others = current[kind].filter((tick) => tick.project_id !== projectId || tick.index !== index);
  if (!done) return { ...current, [kind]: others };
  const existing = current[kind].find((tick) => tick.project_id === projectId && tick.index === index);
  if (existing) return current;
  return { ...current, [kind]: [...others, { project_id: projectId, index, done_at: new Date().toISOString() }] };
}

/** Where a learner stands in one project. */
export interface ProjectProgress {
  /** 0-based indexes of the steps marked done (of the steps to tick: a safety warning has no tick). */
  readonly doneSteps: ReadonlySet<number>;
  /** 0-based indexes of the materials the learner has. */
  readonly haveMaterials: ReadonlySet<number>;
  readonly stepsDone: number;
  readonly stepCount: number;
  /** At least one tick, a step or a material. */
  readonly started: boolean;
  readonly complete: boolean;
  /** The number ("Step 4") of the first step not done, once at least one step is done and until all are. */
  readonly continueStep: number | null;
}

/** What progress needs of a project. */
export interface ProgressProject {
  readonly id: number;
  readonly steps: readonly string[];
  readonly safetySteps?: readonly number[];
  readonly materials: readonly unknown[];
}

/**
 * Where a learner stands in a project. Counts the steps to tick only: a tick stored for a step
 * that became a safety warning (they were ticked like any other once) stays stored and is ignored.
 */
export function projectProgress(progress: Progress | undefined, project: ProgressProject): ProjectProgress {
  const steps = numberedSteps(project);
  const ticks = (kind: ProgressKind) =>
    (progress?.[kind] ?? []).filter((tick) => tick.project_id === project.id).map((tick) => tick.index);
  const stepTicks = ticks('steps');
  const doneSteps = new Set(steps.map((step) => step.index).filter((index) => stepTicks.includes(index)));
  const haveMaterials = new Set(ticks('materials').filter((index) => index < project.materials.length));
  const stepCount = steps.length;
  const complete = stepCount > 0 && doneSteps.size === stepCount;
  const next = doneSteps.size > 0 && !complete ? steps.find((step) => !doneSteps.has(step.index)) : undefined;
  return {
    doneSteps,
    haveMaterials,
    stepsDone: doneSteps.size,
    stepCount,
    started: doneSteps.size > 0 || haveMaterials.size > 0,
    complete,
    continueStep: next?.number ?? null,
  };
}
