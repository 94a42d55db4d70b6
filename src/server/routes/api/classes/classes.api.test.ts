import { expect } from 'vitest';
import { DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import { auditPageSchema } from '#shared/schemas/admin.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { classDetailSchema, classListSchema, classSummarySchema } from '#shared/schemas/classes.ts';
import { addLearners, as, classSignIn, classState, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { isSignedIn, promote, ROOMY_LIMITS } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { request } from '#test/test-server.ts';

// The class limits as shipped (ROOMY_LIMITS raises them).
const SHIPPED = { ...ROOMY_LIMITS, classes: DEFAULT_CLASS_CONFIG, trustProxy: true };

describeEachDatabase('classes', SHIPPED, (test) => {
  let teacher: Session;
  let admin: Session;
  test.beforeAll(async ({ server }) => {
    teacher = await newTeacher(server);
    admin = await promote(server, await signUpAndSignIn(server));
  });

  test('a teacher creates a class with a join code and its sign-in address; only its teachers and administrators see it', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const otherTeacher = await newTeacher(server);
    const created = await createClass(server, teacher, '  Year 8   Robotics ');
    expect(created.name).toBe('Year 8 Robotics');
    expect(created.join_code).toMatch(/^[ABCDEFGHJKMNPQRTUVWXYZ2-9]{8}$/);
    expect(created.sign_in_path).toBe(`/c/${created.join_code}`);
    expect(created.teachers.map((t) => t.id)).toEqual([teacher.user.id]);

    const mine = classListSchema.parse((await request(server, '/api/classes', as(teacher))).body);
    expect(mine.classes.map((c) => c.id)).toContain(created.id);
    const theirs = classListSchema.parse((await request(server, '/api/classes', as(otherTeacher))).body);
    expect(theirs.classes.map((c) => c.id)).not.toContain(created.id);
    const all = classListSchema.parse((await request(server, '/api/classes', as(admin))).body);
    expect(all.classes.map((c) => c.id)).toContain(created.id);

    expect((await request(server, '/api/classes', as(member))).status).toBe(403);
    expect((await request(server, '/api/classes', as(member, { method: 'POST', json: { name: 'x' } }))).status).toBe(
      403,
    );
    for (const caller of [otherTeacher]) {
      const res = await request(server, `/api/classes/${created.id}`, as(caller));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: 'class_not_found' } });
    }
    expect((await request(server, `/api/classes/${created.id}`, as(member))).status).toBe(403);
    expect(classDetailSchema.parse((await request(server, `/api/classes/${created.id}`, as(admin))).body).id).toBe(
      created.id,
    );
  });

  test('bad class input gets a clear 400 and changes nothing', async ({ server }) => {
    const before = (await request(server, '/api/classes', as(teacher))).text;
    for (const name of ['', '   ', 'x'.repeat(61), 'bad\u0007name', 'a\u202eb', 7, null]) {
      const res = await request(server, '/api/classes', as(teacher, { method: 'POST', json: { name } }));
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const extra = await request(
      server,
      '/api/classes',
      as(teacher, { method: 'POST', json: { name: 'A', code: 'X' } }),
    );
    expect(extra.status).toBe(400);
    expect((await request(server, '/api/classes', as(teacher))).text).toBe(before);
  });

  test('co-teachers: added by e-mail if they are teachers here; the last teacher stays', async ({ server }) => {
    const created = await createClass(server, teacher);
    const colleague = await newTeacher(server);
    const member = await signUpAndSignIn(server);
    const add = (email: string) =>
      request(server, `/api/classes/${created.id}/teachers`, as(teacher, { method: 'POST', json: { email } }));
    const before = await classState(server, created.id);
    for (const email of [member.user.email, 'nobody@example.test']) {
      const res = await add(email);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'not_a_teacher' } });
    }
    expect((await add('not an e-mail')).status).toBe(400);
    expect(await classState(server, created.id)).toBe(before);

    const added = classSummarySchema.parse((await add(colleague.user.email.toUpperCase())).body);
    expect(added.teachers.map((t) => t.id)).toEqual([teacher.user.id, colleague.user.id]);
    expect((await request(server, `/api/classes/${created.id}`, as(colleague))).status).toBe(200);

    const remove = (who: Session, id: string) =>
      request(server, `/api/classes/${created.id}/teachers/${id}`, as(who, { method: 'DELETE' }));
    expect((await remove(colleague, teacher.user.id)).status).toBe(200);
    const last = await remove(colleague, colleague.user.id);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: { code: 'last_teacher' } });
    expect((await request(server, `/api/classes/${created.id}`, as(teacher))).status).toBe(404);
  });

  test('archiving signs the learners out and stops sign-in; the retention deletes the class and its learners later', async ({
    server,
  }) => {
    const created = await createClass(server, teacher, 'Year of 2025');
    const [ada] = await addLearners(server, teacher, created.id, ['Ada Lovelace']);
    if (!ada) throw new Error('no learner');
    const session = await learnerSession(server, created.join_code, ada);
    const archived = await request(
      server,
      `/api/classes/${created.id}`,
      as(teacher, { method: 'PATCH', json: { archived: true } }),
    );
    const summary = classSummarySchema.parse(archived.body);
    expect(summary.archived_at).not.toBeNull();
    const retention = server.app.classConfig.retentionDays;
    expect(Date.parse(summary.delete_after ?? '') - Date.parse(summary.archived_at ?? '')).toBe(retention * 86_400_000);
    expect(await isSignedIn(server, session)).toBe(false);
    const refused = await classSignIn(server, created.join_code, ada.id, ada.secret);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'class_archived' } });
    expect((await request(server, `/api/class-sign-in/${created.join_code}`)).status).toBe(403);

    // Nothing happens before the retention ends, then the class and its learners go.
    const archivedAt = Date.parse(summary.archived_at ?? '');
    expect(await server.app.classRetention.run(new Date(archivedAt + (retention - 1) * 86_400_000))).toBe(0);
    expect((await request(server, `/api/classes/${created.id}`, as(teacher))).status).toBe(200);
    expect(
      await server.app.classRetention.run(new Date(archivedAt + (retention + 1) * 86_400_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await request(server, `/api/classes/${created.id}`, as(teacher))).status).toBe(404);
    const db = server.app.database.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', ada.id).execute()).toEqual([]);
    const audit = auditPageSchema.parse(
      (await request(server, `/api/admin/audit?target_id=${created.id}`, as(admin))).body,
    );
    expect(audit.entries.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['purge_class', null],
      ['archive_class', teacher.user.id],
      ['add_learners', teacher.user.id],
      ['create_class', teacher.user.id],
    ]);
  });

  test('deleting a class needs its name typed again, and takes its learners’ data with it', async ({ server }) => {
    const created = await createClass(server, teacher, 'To delete');
    const [ada] = await addLearners(server, teacher, created.id, ['Ada Lovelace']);
    if (!ada) throw new Error('no learner');
    const before = await classState(server, created.id);
    for (const body of [{ confirm_name: 'to delete' }, { confirm_name: '' }, {}, { confirm_name: 'To delete', x: 1 }]) {
      const res = await request(server, `/api/classes/${created.id}`, as(teacher, { method: 'DELETE', json: body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await classState(server, created.id)).toBe(before);
    const outsider = await newTeacher(server);
    expect(
      (
        await request(
          server,
          `/api/classes/${created.id}`,
          as(outsider, { method: 'DELETE', json: { confirm_name: 'To delete' } }),
        )
      ).status,
    ).toBe(404);
    const res = await request(
      server,
      `/api/classes/${created.id}`,
      as(teacher, { method: 'DELETE', json: { confirm_name: 'To delete' } }),
    );
    expect(res.status).toBe(204);
    const db = server.app.database.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', ada.id).execute()).toEqual([]);
    expect(await db.selectFrom('classes').select('id').where('id', '=', created.id).execute()).toEqual([]);
  });
});
