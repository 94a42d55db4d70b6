import { expect } from 'vitest';
import { DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { classProgressSchema, learnerProgressSchema } from '#shared/schemas/classes.ts';
import { addLearners, as, createClass, learnerSession, newTeacher, openClassStream } from '#test/classes.ts';
import { ROOMY_LIMITS } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { request } from '#test/test-server.ts';

// The class limits as shipped (ROOMY_LIMITS raises them).
const SHIPPED = { ...ROOMY_LIMITS, classes: DEFAULT_CLASS_CONFIG, trustProxy: true };

describeEachDatabase('class progress', SHIPPED, (test) => {
  let teacher: Session;
  test.beforeAll(async ({ server }) => {
    teacher = await newTeacher(server);
  });

  test('the grid fills live as learners tick, a cell shows which steps and when, and the CSV has every cell', async ({
    server,
  }) => {
    const created = await createClass(server, teacher, 'Grid, "live"');
    const [ada, grace] = await addLearners(server, teacher, created.id, ['Ada Lovelace', 'Grace Hopper']);
    if (!ada || !grace) throw new Error('no learners');
    const adaSession = await learnerSession(server, created.join_code, ada);
    const stream = await openClassStream(server, teacher, created.id);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor('READY');
      for (const index of [0, 1, 2]) {
        await request(server, `/api/progress/1/steps/${index}`, as(adaSession, { method: 'PUT' }));
      }
      await request(server, '/api/progress/1/materials/0', as(adaSession, { method: 'PUT' }));
      await stream.waitFor('progress');
    } finally {
      await stream.close();
    }
    const grid = classProgressSchema.parse(
      (await request(server, `/api/classes/${created.id}/progress`, as(teacher))).body,
    );
    expect(grid.projects).toHaveLength(9);
    // Counted as the tutorial page counts ("Step 1 of 10"): the Plant Watering Robot's first entry is a
    // safety warning, not a step, so a tick stored for it (from before it was one) counts for nothing.
    expect(grid.projects[0]).toMatchObject({ id: 1, steps_total: 10 });
    const adaRow = grid.learners.find((l) => l.id === ada.id);
    expect(adaRow?.cells[0]).toMatchObject({ project_id: 1, steps_done: 2, materials_checked: 1 });
    expect(grid.learners.find((l) => l.id === grace.id)?.cells.every((cell) => cell.steps_done === 0)).toBe(true);

    const cell = learnerProgressSchema.parse(
      (await request(server, `/api/classes/${created.id}/learners/${ada.id}/progress`, as(teacher))).body,
    );
    expect(cell.steps.map((tick) => [tick.project_id, tick.index])).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
    ]);

    const csv = await request(server, `/api/classes/${created.id}/progress.csv`, as(teacher));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="grid-live-progress-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,username,tutorial,steps_done,steps_total,materials_checked,last_activity');
    expect(lines).toHaveLength(1 + 2 * 9);
    expect(lines[1]).toMatch(new RegExp(`^Ada L\\.,${ada.username},Plant Watering Robot,2,10,1,\\d{4}-`));
    // Another teacher's learners see none of it, nor do learners.
    expect((await request(server, `/api/classes/${created.id}/progress`, as(adaSession))).status).toBe(403);
  });
});
