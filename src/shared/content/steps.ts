import type { Project } from './projects.ts';

/** A step of a tutorial as the pages show it. */
export interface BuildStep {
  /** 0-based position in the project's steps: what progress is stored by. */
  readonly index: number;
  /** The number a learner sees ("Step 4"). */
  readonly number: number;
  readonly text: string;
}

/** The project's steps, numbered as the tutorial page, the dashboard and paper show them. */
export function buildSteps(project: Pick<Project, 'steps'>): BuildStep[] {
  return project.steps.map((text, index) => ({ index, number: index + 1, text }));
}
