import { sql } from 'kysely';
import { expect } from 'vitest';
import { progressSchema } from '#shared/schemas/progress.ts';
import { addLearners, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { bearer, request } from '#test/test-server.ts';

describeEachDatabase("a learner's ticks and their class events", (test) => {
  test('commit together: when the class event cannot be written, the tick is not stored either', async ({ server }) => {
    const teacher = await newTeacher(server);
    const created = await createClass(server, teacher);
    const [ada] = await addLearners(server, teacher, created.id, ['Ada Lovelace']);
    if (!ada) throw new Error('no learner');
    const session = await learnerSession(server, created.join_code, ada);
    const auth = { headers: bearer(session.access_token) };
    const ticks = async () => progressSchema.parse((await request(server, '/api/progress', auth)).body).steps;
    expect((await request(server, '/api/progress/1/steps/0', { ...auth, method: 'PUT' })).status).toBe(201);

    // The class events table goes away for a moment: every class event fails to be written.
    const { db } = server.app.database;
    await sql`alter table class_events rename to class_events_away`.execute(db);
    try {
      const tick = await request(server, '/api/progress/1/steps/1', { ...auth, method: 'PUT' });
      expect(tick.status).toBe(500);
      const untick = await request(server, '/api/progress/1/steps/0', { ...auth, method: 'DELETE' });
      expect(untick.status).toBe(500);
    } finally {
      await sql`alter table class_events_away rename to class_events`.execute(db);
    }

    // Neither change was stored: the learner was told so, and it is so.
    expect((await ticks()).map((t) => t.index)).toEqual([0]);
  });
});
