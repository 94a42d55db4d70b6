import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { z } from 'zod';
import { DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import { accountSchema } from '#shared/schemas/account.ts';
import { auditPageSchema } from '#shared/schemas/admin.ts';
import type { Session } from '#shared/schemas/auth.ts';
import {
  classCommunitySchema,
  classDetailSchema,
  classListSchema,
  classProgressSchema,
  classSignInPageSchema,
  classSummarySchema,
  helpQueueSchema,
  learnerClassSchema,
  learnerExportSchema,
  learnerProgressSchema,
  learnerWithSecretSchema,
} from '#shared/schemas/classes.ts';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { addLearners, classSignIn, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { isSignedIn, promote, ROOMY_LIMITS } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const as = (session: Session, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...bearer(session.access_token), ...(init.headers as Record<string, string>) },
});

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];

async function classState(server: TestServer, classId: string) {
  const db = server.app.database.db;
  const row = await db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirst();
  const learners = await db.selectFrom('learners').selectAll().where('class_id', '=', classId).orderBy('id').execute();
  const teachers = await db.selectFrom('class_teachers').selectAll().where('class_id', '=', classId).execute();
  return JSON.stringify({ row, learners, teachers });
}

/** The class stream as a teacher's page reads it: fetch with the token in a header, events as they come. */
async function openClassStream(server: TestServer, teacher: Session, classId: string) {
  const controller = new AbortController();
  const response = await fetch(new URL(`/api/realtime/classes/${classId}`, server.baseUrl), {
    headers: bearer(teacher.access_token),
    signal: controller.signal,
  });
  const events: string[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    while (reader) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (name) events.push(name);
      }
    }
  })();
  return {
    status: response.status,
    events,
    async waitFor(name: string, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      while (!events.includes(name)) {
        if (Date.now() > deadline) throw new Error(`no ${name} event; got ${events.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

// The class limits as shipped (ROOMY_LIMITS raises them): the school-network test must pass with these.
describeEachDatabase('classes', { ...ROOMY_LIMITS, classes: DEFAULT_CLASS_CONFIG, trustProxy: true }, (test) => {
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

  test('a learner signs in at /c/<code> with their name and secret words, and nothing of theirs is public', async ({
    server,
  }) => {
    const created = await createClass(server, teacher);
    const [ada, grace] = await addLearners(server, teacher, created.id, NAMES);
    if (!ada || !grace) throw new Error('no learners');

    const page = await request(server, `/api/class-sign-in/${created.join_code.toLowerCase()}`);
    expect(page.status).toBe(200);
    expect(classSignInPageSchema.parse(page.body)).toEqual({
      name: created.name,
      learners: [
        { id: ada.id, display_name: 'Ada L.' },
        { id: expect.any(String), display_name: 'Alan T.' },
        { id: grace.id, display_name: 'Grace H.' },
      ],
    });
    expect(page.text).not.toContain(ada.username);
    expect((await request(server, '/api/class-sign-in/ZZZZZZZZ')).status).toBe(404);
    expect((await request(server, '/api/class-sign-in/not-a-code!')).status).toBe(400);

    // Case, spaces and dashes between the words do not matter.
    const typed = ada.secret.toUpperCase().replaceAll(' ', ' - ');
    const res = await classSignIn(server, created.join_code, ada.id, ` ${typed} `);
    expect(res.status).toBe(200);
    const session = res.body as Session;
    expect(session.user).toEqual({ id: ada.id, email: '' });
    expect(decodeJwt(session.access_token)).toMatchObject({ app_role: 'learner', email: '' });
    expect(accountSchema.parse((await request(server, '/api/account', as(session))).body)).toMatchObject({
      role: 'learner',
      email: '',
    });

    // Wrong secret, another learner's secret, a learner of another class: refused.
    expect((await classSignIn(server, created.join_code, ada.id, grace.secret)).status).toBe(400);
    const elsewhere = await createClass(server, teacher, 'Other class');
    expect((await classSignIn(server, elsewhere.join_code, ada.id, ada.secret)).status).toBe(404);
    // A learner cannot sign in on the e-mail form (they have no e-mail), nor use the member-only account calls.
    for (const [method, path, json] of [
      ['PUT', '/api/account/password', { current_password: ada.secret, new_password: 'abcdefgh' }],
      ['GET', '/api/account/export', undefined],
      ['DELETE', '/api/account', { password: ada.secret }],
      ['PATCH', `/api/profiles/${ada.id}`, { bio: 'I love robots' }],
      ['GET', '/api/classes', undefined],
      ['GET', `/api/classes/${created.id}`, undefined],
    ] as const) {
      const answer = await request(server, path, as(session, { method, ...(json ? { json } : {}) }));
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    // Tutorials, ticks and bookmarks work as for members.
    expect((await request(server, '/api/progress/1/steps/0', as(session, { method: 'PUT' }))).status).toBe(201);
    expect(
      (await request(server, '/api/bookmarks', as(session, { method: 'POST', json: { project_id: 1 } }))).status,
    ).toBe(201);
    // Never on /people, never readable by others.
    const people = publicProfileListSchema.parse((await request(server, '/api/profiles')).body);
    expect(people.map((p) => p.id)).not.toContain(ada.id);
    expect((await request(server, `/api/profiles/${ada.id}`)).status).toBe(404);
    expect((await request(server, `/api/profiles/${ada.id}`, as(session))).status).toBe(200);
    const changes = await server.app.database.db
      .selectFrom('profile_changes')
      .select('id')
      .where('profile_id', '=', ada.id)
      .execute();
    expect(changes).toEqual([]);
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

  test('a whole class signs in at once from one school address, a third after typos: the counts pause nobody', async ({
    server,
  }) => {
    const created = await createClass(server, teacher, 'Thirty pupils');
    const learners = await addLearners(
      server,
      teacher,
      created.id,
      Array.from({ length: 30 }, (_, i) => `Pupil ${i} Smith`),
    );
    const school = '203.0.113.30';
    // Some mistype first (a few each), then every one signs in.
    for (const learner of learners.slice(0, 10)) {
      for (let typo = 0; typo < 3; typo++) {
        expect((await classSignIn(server, created.join_code, learner.id, 'wrong words here', school)).status).toBe(400);
      }
    }
    const answers = await Promise.all(
      learners.map((learner) => classSignIn(server, created.join_code, learner.id, learner.secret, school)),
    );
    // Signed in, every one (no 429 for the address), whatever the machine's speed: the test asserts no time.
    expect(answers.map((answer) => answer.status)).toEqual(learners.map(() => 200));
  });

  test('wrong secrets lock one learner (the teacher sees it and unlocks); guessing across a class pauses one address', async ({
    server,
  }) => {
    const created = await createClass(server, teacher);
    const learners = await addLearners(
      server,
      teacher,
      created.id,
      Array.from({ length: 8 }, (_, i) => `Pupil ${i} Jones`),
    );
    const [first, second] = learners;
    if (!first || !second) throw new Error('no learners');
    const { max } = DEFAULT_CLASS_CONFIG.failuresPerLearner;
    for (let i = 0; i < max; i++) {
      expect((await classSignIn(server, created.join_code, first.id, 'bad guess', '198.51.100.7')).status).toBe(400);
    }
    const locked = await classSignIn(server, created.join_code, first.id, first.secret, '203.0.113.8');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: { code: 'learner_locked' } });
    // Only that learner: a classmate still signs in.
    expect((await classSignIn(server, created.join_code, second.id, second.secret, '203.0.113.8')).status).toBe(200);

    const detail = classDetailSchema.parse((await request(server, `/api/classes/${created.id}`, as(teacher))).body);
    expect(detail.learners.filter((l) => l.locked).map((l) => l.id)).toEqual([first.id]);
    expect(
      (await request(server, `/api/classes/${created.id}/learners/${first.id}/lock`, as(teacher, { method: 'DELETE' })))
        .status,
    ).toBe(204);
    expect((await classSignIn(server, created.join_code, first.id, first.secret, '203.0.113.8')).status).toBe(200);

    // One address guessing across the whole class is paused for this class; the classroom is not.
    const guesser = '198.51.100.99';
    const { max: classMax } = DEFAULT_CLASS_CONFIG.failuresPerClassAndAddress;
    for (let i = 0; i < classMax; i++) {
      const target = learners[i % learners.length];
      const res = await classSignIn(server, created.join_code, target?.id ?? '', `guess ${i}`, guesser);
      expect([400, 429]).toContain(res.status);
    }
    const paused = await classSignIn(server, created.join_code, second.id, second.secret, guesser);
    expect(paused.status).toBe(429);
    expect(paused.body).toMatchObject({ error: { code: 'over_request_rate_limit' } });
    expect((await classSignIn(server, created.join_code, second.id, second.secret, '203.0.113.8')).status).toBe(200);
  });

  test('a reset secret stops the old one at once and ends the learner’s sessions; audited', async ({ server }) => {
    const created = await createClass(server, teacher);
    const [ada] = await addLearners(server, teacher, created.id, ['Ada Lovelace']);
    if (!ada) throw new Error('no learner');
    const session = await learnerSession(server, created.join_code, ada);
    const res = await request(
      server,
      `/api/classes/${created.id}/learners/${ada.id}/secret`,
      as(teacher, { method: 'POST' }),
    );
    expect(res.status).toBe(200);
    const fresh = learnerWithSecretSchema.parse(res.body);
    expect(fresh.secret).not.toBe(ada.secret);
    expect(await isSignedIn(server, session)).toBe(false);
    expect((await classSignIn(server, created.join_code, ada.id, ada.secret)).status).toBe(400);
    expect((await classSignIn(server, created.join_code, ada.id, fresh.secret)).status).toBe(200);
    const audit = auditPageSchema.parse(
      (await request(server, `/api/admin/audit?target_id=${ada.id}`, as(admin))).body,
    );
    expect(audit.entries.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['reset_learner_secret', teacher.user.id],
    ]);
    expect(audit.entries[0]?.target_email).toBe(`${ada.username} (learner)`);
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
