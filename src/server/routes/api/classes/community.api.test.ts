import { expect } from 'vitest';
import { z } from 'zod';
import { DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import { auditPageSchema } from '#shared/schemas/admin.ts';
import type { Session } from '#shared/schemas/auth.ts';
import {
  classCommunitySchema,
  classListSchema,
  classSummarySchema,
  learnerClassSchema,
} from '#shared/schemas/classes.ts';
import { addLearners, as, classState, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { promote, ROOMY_LIMITS } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { request } from '#test/test-server.ts';

// The class limits as shipped (ROOMY_LIMITS raises them).
const SHIPPED = { ...ROOMY_LIMITS, classes: DEFAULT_CLASS_CONFIG, trustProxy: true };

describeEachDatabase('class community page', SHIPPED, (test) => {
  let teacher: Session;
  let admin: Session;
  test.beforeAll(async ({ server }) => {
    teacher = await newTeacher(server);
    admin = await promote(server, await signUpAndSignIn(server));
  });

  test('the community page switch: off for a new class, only true or false, audited once per change; bad input changes nothing', async ({
    server,
  }) => {
    const created = await createClass(server, teacher, 'Switch class');
    expect(created.community).toBe(false);
    const patch = (who: Session, json: unknown) =>
      request(server, `/api/classes/${created.id}`, as(who, { method: 'PATCH', json }));
    const before = await classState(server, created.id);
    for (const body of [
      { community: 'yes' },
      { community: 'true' },
      { community: 1 },
      { community: 0 },
      { community: null },
      { community: [true] },
      { community: { on: true } },
      { community: true, open: true },
      { open: true },
      {},
    ]) {
      const res = await patch(teacher, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect(await classState(server, created.id)).toBe(before);
    // Nobody else switches it: another teacher is told there is no such class, members and learners may not.
    const [ada] = await addLearners(server, teacher, created.id, ['Ada Lovelace']);
    if (!ada) throw new Error('no learner');
    const adaSession = await learnerSession(server, created.join_code, ada);
    const outsider = await newTeacher(server);
    expect((await patch(outsider, { community: true })).status).toBe(404);
    expect((await patch(adaSession, { community: true })).status).toBe(403);
    expect((await patch(await signUpAndSignIn(server), { community: true })).status).toBe(403);
    expect(
      classSummarySchema.parse((await request(server, `/api/classes/${created.id}`, as(teacher))).body),
    ).toMatchObject({ community: false });

    const opened = await patch(teacher, { community: true });
    expect(opened.status).toBe(200);
    expect(classSummarySchema.parse(opened.body).community).toBe(true);
    // Saying it again changes nothing and is not audited twice.
    expect(classSummarySchema.parse((await patch(teacher, { community: true })).body).community).toBe(true);
    const listed = classListSchema.parse((await request(server, '/api/classes', as(teacher))).body);
    expect(listed.classes.find((c) => c.id === created.id)?.community).toBe(true);
    // Administrators can switch it too; with a rename in the same request.
    const closed = classSummarySchema.parse((await patch(admin, { community: false, name: 'Switch class 2' })).body);
    expect(closed).toMatchObject({ community: false, name: 'Switch class 2' });
    const audit = auditPageSchema.parse(
      (await request(server, `/api/admin/audit?target_id=${created.id}`, as(admin))).body,
    );
    expect(audit.entries.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['close_class_community', admin.user.id],
      ['rename_class', admin.user.id],
      ['open_class_community', teacher.user.id],
      ['add_learners', teacher.user.id],
      ['create_class', teacher.user.id],
    ]);
  });

  test('the community page: its teachers and administrators always, its own learners while it is open, nobody else; names and joined dates only', async ({
    server,
  }) => {
    const created = await createClass(server, teacher, 'Community class');
    const colleague = await newTeacher(server);
    const colleagueName = `MsRivera${crypto.randomUUID().slice(0, 6)}`;
    expect(
      (
        await request(
          server,
          `/api/profiles/${colleague.user.id}`,
          as(colleague, { method: 'PATCH', json: { username: colleagueName } }),
        )
      ).status,
    ).toBe(200);
    await request(
      server,
      `/api/classes/${created.id}/teachers`,
      as(teacher, { method: 'POST', json: { email: colleague.user.email } }),
    );
    const [ada, grace] = await addLearners(server, teacher, created.id, ['Grace Hopper', 'Ada Lovelace']).then(
      (made) => [made.find((l) => l.display_name === 'Ada L.'), made.find((l) => l.display_name === 'Grace H.')],
    );
    if (!ada || !grace) throw new Error('no learners');
    const adaSession = await learnerSession(server, created.join_code, ada);
    // Ada has progress and a help request: none of it may show on the page.
    await request(server, '/api/progress/1/steps/0', as(adaSession, { method: 'PUT' }));
    await request(server, '/api/learner/help', as(adaSession, { method: 'POST', json: { project_id: 1, step: 1 } }));
    const elsewhere = await createClass(server, teacher, 'Another class');
    const [zed] = await addLearners(server, teacher, elsewhere.id, ['Zed Other']);
    if (!zed) throw new Error('no learner');
    const zedSession = await learnerSession(server, elsewhere.join_code, zed);
    const member = await signUpAndSignIn(server);
    const outsider = await newTeacher(server);
    const read = (who: Session | null, classId = created.id) =>
      request(server, `/api/classes/${classId}/community`, who ? as(who) : {});
    const expectMissing = async (who: Session | null, code: string, status = 404) => {
      const res = await read(who);
      expect(res.status, code).toBe(status);
      expect(res.body).toMatchObject({ error: { code } });
    };

    // Off (the default): the teachers and administrators see a preview; the class's learners are told it is not open.
    const preview = classCommunitySchema.parse((await read(teacher)).body);
    expect(preview).toEqual({
      name: 'Community class',
      community: false,
      archived: false,
      members: [
        { name: 'Teacher', role: 'teacher', joined_at: expect.any(String), you: true },
        { name: colleagueName, role: 'teacher', joined_at: expect.any(String), you: false },
        { name: 'Ada L.', role: 'learner', joined_at: expect.any(String), you: false },
        { name: 'Grace H.', role: 'learner', joined_at: expect.any(String), you: false },
      ],
    });
    expect(classCommunitySchema.parse((await read(colleague)).body).members[1]).toMatchObject({ you: true });
    expect(classCommunitySchema.parse((await read(admin)).body).community).toBe(false);
    await expectMissing(adaSession, 'class_community_off');
    expect(learnerClassSchema.parse((await request(server, '/api/learner/class', as(adaSession))).body)).toMatchObject({
      class_id: created.id,
      class_name: 'Community class',
      community: false,
    });
    // Everyone else: as if there were no such class, on or off.
    const outsiders = async () => {
      for (const who of [member, outsider, zedSession]) await expectMissing(who, 'class_not_found');
      await expectMissing(null, 'session_missing', 401);
      expect((await read(teacher, crypto.randomUUID())).status).toBe(404);
      expect((await read(teacher, 'not-a-uuid')).status).toBe(400);
      expect((await request(server, `/api/classes/${created.id}/community?x=1`, as(teacher))).status).toBe(400);
    };
    await outsiders();

    // Open: the class's learners see their classmates and teachers.
    await request(server, `/api/classes/${created.id}`, as(teacher, { method: 'PATCH', json: { community: true } }));
    const res = await read(adaSession);
    expect(res.status).toBe(200);
    const page = classCommunitySchema.parse(res.body);
    expect(page.community).toBe(true);
    expect(page.members.map((m) => [m.name, m.role, m.you])).toEqual([
      ['Teacher', 'teacher', false],
      [colleagueName, 'teacher', false],
      ['Ada L.', 'learner', true],
      ['Grace H.', 'learner', false],
    ]);
    expect(learnerClassSchema.parse((await request(server, '/api/learner/class', as(adaSession))).body).community).toBe(
      true,
    );
    await outsiders();
    // Nothing but names, roles and dates: the answer's keys, and no username, e-mail, id, progress or help.
    const raw = z.record(z.string(), z.unknown()).parse(res.body);
    expect(Object.keys(raw).sort()).toEqual(['archived', 'community', 'members', 'name']);
    for (const entry of z.array(z.record(z.string(), z.unknown())).parse(raw.members)) {
      expect(Object.keys(entry).sort()).toEqual(['joined_at', 'name', 'role', 'you']);
    }
    for (const secret of [
      ada.username,
      grace.username,
      ada.id,
      grace.id,
      teacher.user.email,
      colleague.user.email,
      teacher.user.id,
      colleague.user.id,
      ada.secret,
    ]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.text).not.toMatch(/project|step|help|last_activity|locked|email|username/);

    // Archived: closed to its learners whatever the switch says (they cannot sign in, and a session
    // that outlived the archiving by a race is still refused); the teachers keep their preview.
    await server.app.database.db
      .updateTable('classes')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', created.id)
      .execute();
    await expectMissing(adaSession, 'class_archived', 403);
    expect(classCommunitySchema.parse((await read(teacher)).body)).toMatchObject({ community: false, archived: true });
    expect(learnerClassSchema.parse((await request(server, '/api/learner/class', as(adaSession))).body).community).toBe(
      false,
    );
  });
});
