import { expect } from 'vitest';
import { DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { helpQueueSchema, learnerClassSchema } from '#shared/schemas/classes.ts';
import { addLearners, as, createClass, learnerSession, newTeacher, openClassStream } from '#test/classes.ts';
import { ROOMY_LIMITS } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { request } from '#test/test-server.ts';

// The class limits as shipped (ROOMY_LIMITS raises them).
const SHIPPED = { ...ROOMY_LIMITS, classes: DEFAULT_CLASS_CONFIG, trustProxy: true };

describeEachDatabase('help queue', SHIPPED, (test) => {
  let teacher: Session;
  test.beforeAll(async ({ server }) => {
    teacher = await newTeacher(server);
  });

  test('help queue: a learner asks, the teacher sees who waits in order and live, says they are coming, marks it handled', async ({
    server,
  }) => {
    const created = await createClass(server, teacher);
    const [ada, grace] = await addLearners(server, teacher, created.id, ['Ada Lovelace', 'Grace Hopper']);
    if (!ada || !grace) throw new Error('no learners');
    const adaSession = await learnerSession(server, created.join_code, ada);
    const graceSession = await learnerSession(server, created.join_code, grace);
    const stream = await openClassStream(server, teacher, created.id);
    try {
      await stream.waitFor('READY');
      const asked = await request(
        server,
        '/api/learner/help',
        as(adaSession, { method: 'POST', json: { project_id: 2, step: 3 } }),
      );
      expect(asked.status).toBe(201);
      await stream.waitFor('help');
    } finally {
      await stream.close();
    }
    await request(server, '/api/learner/help', as(graceSession, { method: 'POST', json: { project_id: 1, step: 0 } }));
    for (const bad of [{ project_id: 2, step: 99 }, { project_id: 10, step: 0 }, { project_id: 2 }, { step: 1 }]) {
      const res = await request(server, '/api/learner/help', as(adaSession, { method: 'POST', json: bad }));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    // Members and teachers cannot ask as learners.
    expect(
      (await request(server, '/api/learner/help', as(teacher, { method: 'POST', json: { project_id: 1, step: 0 } })))
        .status,
    ).toBe(403);

    const queue = helpQueueSchema.parse((await request(server, `/api/classes/${created.id}/help`, as(teacher))).body);
    expect(queue.requests.map((r) => [r.display_name, r.project_id, r.step, r.coming_at])).toEqual([
      ['Ada L.', 2, 3, null],
      ['Grace H.', 1, 0, null],
    ]);
    const [first] = queue.requests;
    const answer = (state: string, id = first?.id) =>
      request(server, `/api/classes/${created.id}/help/${id}`, as(teacher, { method: 'POST', json: { state } }));
    expect((await answer('coming')).status).toBe(204);
    const mine = learnerClassSchema.parse((await request(server, '/api/learner/class', as(adaSession))).body);
    expect(mine).toMatchObject({ class_name: created.name, help: { project_id: 2, step: 3 } });
    expect(mine.help?.coming_at).not.toBeNull();
    expect((await answer('later')).status).toBe(400);
    expect((await answer('handled')).status).toBe(204);
    expect((await answer('handled')).status).toBe(404);
    const after = helpQueueSchema.parse((await request(server, `/api/classes/${created.id}/help`, as(teacher))).body);
    expect(after.requests.map((r) => r.display_name)).toEqual(['Grace H.']);
    expect(
      learnerClassSchema.parse((await request(server, '/api/learner/class', as(adaSession))).body).help,
    ).toBeNull();
    // Another teacher cannot see or answer it.
    const outsider = await newTeacher(server);
    expect((await request(server, `/api/classes/${created.id}/help`, as(outsider))).status).toBe(404);
  });
});
