import type { Project } from './projects.ts';

/** A step of a tutorial as the pages show it. */
export interface BuildStep {
  /** 0-based position in the project's steps: what progress is stored by. */
  readonly index: number;
  /** The number a learner sees ("Step 4"); null for a safety warning, which is not a step to tick. */
  readonly number: number | null;
  readonly text: string;
  readonly safety: boolean;
}

/** A step to do and tick, numbered. */
export type NumberedStep = BuildStep & { readonly number: number };

/**
 * The project's steps as the tutorial page, the catalog, the dashboard and paper show them: safety
 * warnings are callouts without a number, the others numbered from 1 in order.
 */
export function buildSteps(project: Pick<Project, 'steps' | 'safetySteps'>): BuildStep[] {
  let number = 0;
  return project.steps.map((text, index) => {
    const safety = project.safetySteps?.includes(index) ?? false;
    return { index, text, safety, number: safety ? null : ++number };
  });
}

export function isNumbered(step: BuildStep): step is NumberedStep {
  return step.number !== null;
}

/** Only the steps to do and tick, in order. */
export function numberedSteps(project: Pick<Project, 'steps' | 'safetySteps'>): NumberedStep[] {
  return buildSteps(project).filter(isNumbered);
}

/** The number a learner sees for the step at `index` ("Step 4"); a safety warning's is the next step's. */
export function stepNumberAt(project: Pick<Project, 'steps' | 'safetySteps'>, index: number): number {
  const steps = buildSteps(project);
  return steps.slice(index).find(isNumbered)?.number ?? steps.filter(isNumbered).length;
}
