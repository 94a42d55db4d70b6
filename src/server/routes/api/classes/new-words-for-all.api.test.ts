import { expect } from 'vitest';
import { addedLearnersSchema, classDetailSchema } from '#shared/schemas/classes.ts';
import { addLearners, as, classSignIn, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { request } from '#test/test-server.ts';

describeEachDatabase('new words for all', (test) => {
  test('the class’s teacher gives every learner new words at once: the old cards stop, sessions end, each reset audited; nobody else can', async ({
    server,
  }) => {
    const [teacher, otherTeacher] = await Promise.all([newTeacher(server), newTeacher(server)]);
    const klass = await createClass(server, teacher, 'Reprint club');
    const otherClass = await createClass(server, otherTeacher, 'Untouched club');
    const learners = await addLearners(server, teacher, klass.id, ['Ana', 'Ben', 'Cy']);
    const [outsider] = await addLearners(server, otherTeacher, otherClass.id, ['Dee']);
    const [ana] = learners;
    if (!ana || !outsider) throw new Error('no learners');
    const anaSession = await learnerSession(server, klass.join_code, ana);
    const path = `/api/classes/${klass.id}/learners/secrets`;

    // Another class's teacher, a learner, nobody, and a body: refused, and nothing changes.
    const refusals = await Promise.all([
      request(server, path, as(otherTeacher, { method: 'POST' })),
      request(server, path, as(anaSession, { method: 'POST' })),
      request(server, path, { method: 'POST' }),
      request(server, path, as(teacher, { method: 'POST', json: { names: ['x'] } })),
      request(server, `/api/classes/${otherClass.id}/learners/secrets`, as(teacher, { method: 'POST' })),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([404, 403, 401, 400, 404]);
    for (const learner of learners) {
      expect((await classSignIn(server, klass.join_code, learner.id, learner.secret)).status).toBe(200);
    }

    const answer = await request(server, path, as(teacher, { method: 'POST' }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const renewed = addedLearnersSchema.parse(answer.body).learners;
    expect(renewed.map((learner) => [learner.id, learner.display_name, learner.username])).toEqual(
      learners
        .map((learner) => [learner.id, learner.display_name, learner.username])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    for (const learner of renewed) expect(learner.secret).toMatch(/^[a-z]{3,6} [a-z]{3,6} [a-z]{3,6}$/);
    expect(new Set(renewed.map((learner) => learner.secret)).size).toBe(3);

    // The old words stop at once, the new ones work, and the session signed in with the old ones ended.
    for (const old of learners) {
      expect((await classSignIn(server, klass.join_code, old.id, old.secret)).status, old.display_name).toBe(400);
    }
    for (const learner of renewed) {
      expect((await classSignIn(server, klass.join_code, learner.id, learner.secret)).status).toBe(200);
    }
    expect((await request(server, '/api/learner/class', as(anaSession))).status).toBe(401);
    // The other class's learner keeps their words.
    expect((await classSignIn(server, otherClass.join_code, outsider.id, outsider.secret)).status).toBe(200);

    // Logged as one reset a learner, and never the words themselves.
    const audit = await server.app.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'reset_learner_secret')
      .where('actor_id', '=', teacher.user.id)
      .execute();
    expect(audit.map((entry) => entry.target_id).sort()).toEqual(learners.map((learner) => learner.id).sort());
    const stored = JSON.stringify(await server.app.database.db.selectFrom('users').selectAll().execute());
    for (const learner of renewed) expect(stored).not.toContain(learner.secret);
    // The class page lists the same learners, no words.
    const detail = classDetailSchema.parse((await request(server, `/api/classes/${klass.id}`, as(teacher))).body);
    expect(detail.learners).toHaveLength(3);
    expect(JSON.stringify(detail)).not.toContain(renewed[0]?.secret);
  });

  test('a class without learners answers an empty list', async ({ server }) => {
    const teacher = await newTeacher(server);
    const klass = await createClass(server, teacher, 'Empty club');
    const answer = await request(server, `/api/classes/${klass.id}/learners/secrets`, as(teacher, { method: 'POST' }));
    expect(answer.status).toBe(200);
    expect(addedLearnersSchema.parse(answer.body).learners).toEqual([]);
  });
});
