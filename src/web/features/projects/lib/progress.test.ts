import { describe, expect, it } from 'vitest';
import type { Progress } from '#shared/schemas/progress.ts';
import { projectProgress, withTick } from './progress.ts';

const at = '2026-11-23T10:00:00.000Z';
const project = { id: 1, steps: ['a', 'b', 'c', 'd'], materials: ['x', 'y'] };

describe('withTick', () => {
  it('adds a tick once and removes it again', () => {
    const ticked = withTick(undefined, { projectId: 1, kind: 'steps', index: 2, done: true });
    expect(ticked.steps.map((t) => [t.project_id, t.index])).toEqual([[1, 2]]);
    expect(ticked.materials).toEqual([]);
    expect(withTick(ticked, { projectId: 1, kind: 'steps', index: 2, done: true })).toBe(ticked);
    expect(withTick(ticked, { projectId: 1, kind: 'steps', index: 2, done: false }).steps).toEqual([]);
  });

  it('leaves other projects, other indexes and the other kind alone', () => {
    const progress: Progress = {
      steps: [
        { project_id: 1, index: 0, done_at: at },
        { project_id: 2, index: 2, done_at: at },
      ],
      materials: [{ project_id: 1, index: 2, done_at: at }],
    };
    const next = withTick(progress, { projectId: 1, kind: 'materials', index: 2, done: false });
    expect(next.steps).toBe(progress.steps);
    expect(next.materials).toEqual([]);
    expect(withTick(progress, { projectId: 2, kind: 'steps', index: 0, done: false })).toEqual(progress);
  });
});

describe('projectProgress', () => {
  it('nothing ticked: not started, no place to continue', () => {
    expect(projectProgress(undefined, project)).toMatchObject({
      stepsDone: 0,
      stepCount: 4,
      started: false,
      complete: false,
      continueStep: null,
    });
  });

  it('continues at the first step not done, counting only this project', () => {
    const progress: Progress = {
      steps: [
        { project_id: 1, index: 0, done_at: at },
        { project_id: 1, index: 2, done_at: at },
        { project_id: 3, index: 1, done_at: at },
      ],
      materials: [],
    };
    const result = projectProgress(progress, project);
    expect(result).toMatchObject({ stepsDone: 2, started: true, complete: false, continueStep: 2 });
    expect([...result.doneSteps]).toEqual([0, 2]);
  });

  it('a material alone starts the build but gives no step to continue at', () => {
    const progress: Progress = { steps: [], materials: [{ project_id: 1, index: 1, done_at: at }] };
    expect(projectProgress(progress, project)).toMatchObject({ started: true, continueStep: null });
  });

  it('all steps done: complete, nothing to continue', () => {
    const steps = project.steps.map((_, index) => ({ project_id: 1, index, done_at: at }));
    expect(projectProgress({ steps, materials: [] }, project)).toMatchObject({
      stepsDone: 4,
      complete: true,
      continueStep: null,
    });
  });

  it('counts neither a safety warning nor a tick stored on one, and numbers the steps after it', () => {
    const withWarning = { ...project, safetySteps: [0] };
    const progress: Progress = {
      steps: [
        { project_id: 1, index: 0, done_at: at },
        { project_id: 1, index: 1, done_at: at },
      ],
      materials: [],
    };
    expect(projectProgress(progress, withWarning)).toMatchObject({ stepsDone: 1, stepCount: 3, continueStep: 2 });
    expect([...projectProgress(progress, withWarning).doneSteps]).toEqual([1]);
    // Every step to tick done: complete, whether or not the warning was ticked once.
    const all = [1, 2, 3].map((index) => ({ project_id: 1, index, done_at: at }));
    expect(projectProgress({ steps: all, materials: [] }, withWarning)).toMatchObject({
      stepsDone: 3,
      complete: true,
      continueStep: null,
    });
    // The warning's tick alone starts nothing.
    expect(
      projectProgress({ steps: [{ project_id: 1, index: 0, done_at: at }], materials: [] }, withWarning),
    ).toMatchObject({
      started: false,
      continueStep: null,
    });
  });

  it('ignores ticks past the end of the list (the catalog got shorter)', () => {
    const progress: Progress = { steps: [{ project_id: 1, index: 9, done_at: at }], materials: [] };
    expect(projectProgress(progress, project)).toMatchObject({ stepsDone: 0, started: false });
  });
});
