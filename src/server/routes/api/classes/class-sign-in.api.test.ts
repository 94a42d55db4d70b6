import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import { accountSchema } from '#shared/schemas/account.ts';
import { auditPageSchema } from '#shared/schemas/admin.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { classDetailSchema, classSignInPageSchema, learnerWithSecretSchema } from '#shared/schemas/classes.ts';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { addLearners, as, classSignIn, createClass, learnerSession, NAMES, newTeacher } from '#test/classes.ts';
import { isSignedIn, promote, ROOMY_LIMITS } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { request } from '#test/test-server.ts';

// The class limits as shipped (ROOMY_LIMITS raises them): the school-network test must pass with these.
const SHIPPED = { ...ROOMY_LIMITS, classes: DEFAULT_CLASS_CONFIG, trustProxy: true };

describeEachDatabase('class sign-in', SHIPPED, (test) => {
  let teacher: Session;
  let admin: Session;
  test.beforeAll(async ({ server }) => {
    teacher = await newTeacher(server);
    admin = await promote(server, await signUpAndSignIn(server));
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
});
