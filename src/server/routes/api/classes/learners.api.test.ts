import { expect } from 'vitest';
import { DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import { auditPageSchema } from '#shared/schemas/admin.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { classDetailSchema, learnerExportSchema, learnerWithSecretSchema } from '#shared/schemas/classes.ts';
import { addLearners, as, createClass, learnerSession, NAMES, newTeacher } from '#test/classes.ts';
import { isSignedIn, promote, ROOMY_LIMITS } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { request } from '#test/test-server.ts';

// The class limits as shipped (ROOMY_LIMITS raises them).
const SHIPPED = { ...ROOMY_LIMITS, classes: DEFAULT_CLASS_CONFIG, trustProxy: true };

describeEachDatabase('class learners', SHIPPED, (test) => {
  let teacher: Session;
  let admin: Session;
  test.beforeAll(async ({ server }) => {
    teacher = await newTeacher(server);
    admin = await promote(server, await signUpAndSignIn(server));
  });

  test('learners from names: display name, unique username, three secret words; the class page lists them', async ({
    server,
  }) => {
    const created = await createClass(server, teacher);
    const learners = await addLearners(server, teacher, created.id, NAMES);
    expect(learners.map((l) => l.display_name)).toEqual(['Ada L.', 'Grace H.', 'Alan T.']);
    for (const learner of learners) {
      expect(learnerWithSecretSchema.parse(learner).username).toMatch(/^[a-z]+-\d{3,4}$/);
      expect(learner.secret).toMatch(/^[a-z]{3,6} [a-z]{3,6} [a-z]{3,6}$/);
    }
    expect(new Set(learners.map((l) => l.username)).size).toBe(3);

    // The secret is stored as an argon2id hash only.
    const stored = await server.app.database.db
      .selectFrom('users')
      .select(['password_hash', 'email', 'role'])
      .where('id', '=', learners[0]?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(learners[0]?.secret ?? '-');
    expect(stored).toMatchObject({ role: 'learner' });
    expect(stored.email).not.toContain('@');

    const detail = classDetailSchema.parse((await request(server, `/api/classes/${created.id}`, as(teacher))).body);
    expect(detail.learner_count).toBe(3);
    expect(detail.learners.map((l) => l.display_name)).toEqual(['Ada L.', 'Alan T.', 'Grace H.']);
    expect(JSON.stringify(detail)).not.toContain(learners[0]?.secret);

    // Renamed by the teacher.
    const renamed = await request(
      server,
      `/api/classes/${created.id}/learners/${learners[0]?.id}`,
      as(teacher, { method: 'PATCH', json: { display_name: 'Ada (Lab 2)' } }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ display_name: 'Ada (Lab 2)' });
  });

  test('bad learner lists get a clear 4xx and add nobody; a class holds at most 60', async ({ server }) => {
    const created = await createClass(server, teacher);
    const add = (json: unknown) =>
      request(server, `/api/classes/${created.id}/learners`, as(teacher, { method: 'POST', json }));
    for (const body of [
      { names: [] },
      { names: ['Ada', ''] },
      { names: ['x'.repeat(41)] },
      { names: ['Ada\u0000'] },
      { names: Array.from({ length: 61 }, (_, i) => `Pupil ${i}`) },
      { names: 'Ada' },
      {},
    ]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect((await server.app.repos.classes.learners(created.id)).length).toBe(0);

    await addLearners(
      server,
      teacher,
      created.id,
      Array.from({ length: 55 }, (_, i) => `Pupil ${i}`),
    );
    const full = await add({ names: Array.from({ length: 6 }, (_, i) => `Late ${i}`) });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: { code: 'class_full' } });
    expect((await server.app.repos.classes.learners(created.id)).length).toBe(55);
  });

  test('a learner’s data: exported and deleted through their teacher, audited', async ({ server }) => {
    const created = await createClass(server, teacher);
    const [ada] = await addLearners(server, teacher, created.id, ['Ada Lovelace']);
    if (!ada) throw new Error('no learner');
    const session = await learnerSession(server, created.join_code, ada);
    await request(server, '/api/progress/3/steps/1', as(session, { method: 'PUT' }));
    const exported = await request(server, `/api/classes/${created.id}/learners/${ada.id}/export`, as(teacher));
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="roboforge-learner-/);
    const data = learnerExportSchema.parse(exported.body);
    expect(data.learner).toMatchObject({ id: ada.id, display_name: 'Ada L.', username: ada.username });
    expect(data.progress.steps.map((tick) => [tick.project_id, tick.index])).toEqual([[3, 1]]);
    expect(exported.text).not.toContain(ada.secret);

    const deleted = await request(
      server,
      `/api/classes/${created.id}/learners/${ada.id}`,
      as(teacher, { method: 'DELETE' }),
    );
    expect(deleted.status).toBe(204);
    expect(await isSignedIn(server, session)).toBe(false);
    const db = server.app.database.db;
    for (const table of ['users', 'profiles', 'learners'] as const) {
      expect(await db.selectFrom(table).select('id').where('id', '=', ada.id).execute()).toEqual([]);
    }
    expect(await db.selectFrom('step_progress').select('id').where('user_id', '=', ada.id).execute()).toEqual([]);
    const audit = auditPageSchema.parse(
      (await request(server, `/api/admin/audit?target_id=${ada.id}`, as(admin))).body,
    );
    expect(audit.entries.map((entry) => entry.action)).toEqual(['delete_learner', 'export_learner']);
    expect(JSON.stringify(audit)).not.toContain('Ada');
  });
});
