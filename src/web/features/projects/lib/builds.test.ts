import { describe, expect, it } from 'vitest';
import type { Progress } from '#shared/schemas/progress.ts';
import { buildsByRecency } from './builds.ts';

describe('buildsByRecency', () => {
  const projects = [
    { id: 1, steps: ['a', 'b'], materials: ['x'] },
    { id: 2, steps: ['a', 'b', 'c'], materials: ['x'] },
    { id: 3, steps: ['a', 'b', 'c'], materials: ['x', 'y'] },
    { id: 4, steps: ['a'], materials: [] },
  ];
  const time = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('lists the builds in progress, most recently touched first, then the finished ones; untouched ones not at all', () => {
    const progress: Progress = {
      steps: [
        { project_id: 1, index: 0, done_at: time(1) },
        { project_id: 1, index: 1, done_at: time(9) },
        { project_id: 2, index: 0, done_at: time(2) },
        { project_id: 3, index: 1, done_at: time(3) },
      ],
      // A material ticked last makes its project the most recent.
      materials: [{ project_id: 2, index: 0, done_at: time(5) }],
    };
    const builds = buildsByRecency(progress, projects);
    expect(builds.map((build) => [build.project.id, build.touchedAt])).toEqual([
      [2, time(5)],
      [3, time(3)],
      [1, time(9)],
    ]);
    expect(builds[0]?.progress.continueStep).toBe(2);
    expect(builds[2]?.progress.complete).toBe(true);
  });

  it('is empty with no ticks, and ignores ticks past a project’s steps', () => {
    expect(buildsByRecency(undefined, projects)).toEqual([]);
    expect(
      buildsByRecency({ steps: [{ project_id: 4, index: 5, done_at: time(1) }], materials: [] }, projects),
    ).toEqual([]);
  });
});
