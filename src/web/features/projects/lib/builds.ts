import type { Progress } from '#shared/schemas/progress.ts';
import { type ProgressProject, type ProjectProgress, projectProgress } from './progress.ts';

// Apart from progress.ts: only the dashboard and the home page's greeting list builds, and the catalog's JavaScript stays smaller.

/** A project the learner has ticked something in, and when they last did. */
export interface Build<P> {
  readonly project: P;
  readonly progress: ProjectProgress;
  /** The newest tick of the project, a step or a material (ISO time). */
  readonly touchedAt: string;
}

/**
 * The learner's builds for the dashboard and the home page's greeting: those in progress first,
 * most recently touched first, then the finished ones, alike; projects never touched are left out.
 */
export function buildsByRecency<P extends ProgressProject>(
  progress: Progress | undefined,
  projects: readonly P[],
): Build<P>[] {
  const builds: Build<P>[] = [];
  for (const project of projects) {
    const state = projectProgress(progress, project);
    if (!state.started) continue;
    const ticks = [
      ...(progress?.steps ?? []).filter((tick) => tick.index < project.steps.length),
      ...(progress?.materials ?? []).filter((tick) => tick.index < project.materials.length),
    ].filter((tick) => tick.project_id === project.id);
    const touchedAt = ticks.reduce(
      (newest, tick) => (Date.parse(tick.done_at) > Date.parse(newest) ? tick.done_at : newest),
      ticks[0]?.done_at ?? '',
    );
    builds.push({ project, progress: state, touchedAt });
  }
  return builds.sort(
    (a, b) =>
      Number(a.progress.complete) - Number(b.progress.complete) || Date.parse(b.touchedAt) - Date.parse(a.touchedAt),
  );
}
