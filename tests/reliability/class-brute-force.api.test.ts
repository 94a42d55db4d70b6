import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, DEFAULT_CLASS_CONFIG } from '#server/env.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import {
  type ClassSummary,
  classDetailSchema,
  type LearnerWithSecret,
  learnerWithSecretSchema,
} from '#shared/schemas/classes.ts';
import { addLearners, classSignIn, createClass, newTeacher } from '#test/classes.ts';
import { ROOMY_LIMITS } from '#test/club.ts';
import { describeNeeding } from '#test/needs.ts';
import { serverTest } from '#test/server-fixture.ts';
import { testSettings } from '#test/settings.ts';
import { bearer, request, startTestServer, type TestServer } from '#test/test-server.ts';

/** The counts as shipped: the 10th wrong secret locks a learner, the 60th from one address pauses the class. */
const LOCK_AT = DEFAULT_CLASS_CONFIG.failuresPerLearner.max;
const PAUSE_AT = DEFAULT_CLASS_CONFIG.failuresPerClassAndAddress.max;

/** Class sign-in's per-address request limit lifted (ROOMY_LIMITS); the wrong-secret counts are the shipped ones. */
const CONFIG: Partial<AppConfig> = { ...ROOMY_LIMITS, trustProxy: true };

/** Resolves once the server's Redis connection is ready (the server does not wait for it to start). */
async function redisReady(server: TestServer): Promise<void> {
  const { redis } = server.app;
  if (redis && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
}

async function classWith(server: TestServer, teacher: Session, names: readonly string[], name = 'Year 8 Robotics') {
  const klass = await createClass(server, teacher, name);
  return { klass, learners: await addLearners(server, teacher, klass.id, names) };
}

/** The learners the class page (`GET /api/classes/:id`) shows as locked. */
async function lockedOn(server: TestServer, teacher: Session, classId: string): Promise<string[]> {
  const res = await request(server, `/api/classes/${classId}`, { headers: bearer(teacher.access_token) });
  if (res.status !== 200) throw new Error(`class page: ${res.status} ${res.text}`);
  return classDetailSchema
    .parse(res.body)
    .learners.filter((learner) => learner.locked)
    .map((learner) => learner.id);
}

async function expectWrongSecret(server: TestServer, klass: ClassSummary, learner: LearnerWithSecret, address: string) {
  const res = await classSignIn(server, klass.join_code, learner.id, 'not my words', address);
  expect(res.status, res.text).toBe(400);
  expect(res.body).toMatchObject({ error: { code: 'invalid_credentials' } });
}

/** What the learner's right secret is answered, as `200` or the error's code. */
async function signInAnswer(server: TestServer, klass: ClassSummary, learner: LearnerWithSecret, address: string) {
  const res = await classSignIn(server, klass.join_code, learner.id, learner.secret, address);
  return answered(res);
}

/** An answer as `200`, or its status and error code (`429 learner_locked`). */
function answered(res: { status: number; body: unknown; text: string }): string {
  if (res.status === 200) return '200';
  const error = apiErrorSchema.safeParse(res.body);
  return `${res.status} ${error.success ? error.data.error.code : res.text}`;
}

/** `count` wrong secrets for the learner, taking turns between the servers, each from an address of its own. */
async function wrongSecrets(
  servers: readonly TestServer[],
  klass: ClassSummary,
  learner: LearnerWithSecret,
  count: number,
) {
  for (let i = 0; i < count; i++) {
    const server = servers[i % servers.length];
    if (!server) throw new Error('no server');
    await expectWrongSecret(server, klass, learner, `198.51.100.${i + 1}`);
  }
}

/** How many answers of each kind, as `answered` names them. */
function tally(answers: readonly { status: number; body: unknown; text: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const kind = answered(answer);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

const test = serverTest('sqlite', CONFIG);

// Attempts racing each other must not all pass a count made before any of them was counted.
describe('wrong secret words sent at once to one instance', () => {
  test('are each counted before the secret is checked: ten reach the check, the rest find the learner locked', async ({
    server,
  }) => {
    const teacher = await newTeacher(server);
    const { klass, learners } = await classWith(server, teacher, ['Ada Lovelace']);
    const [ada] = learners;
    if (!ada) throw new Error('no learner');
    const answers = await Promise.all(
      Array.from({ length: 3 * LOCK_AT }, (_, i) =>
        classSignIn(server, klass.join_code, ada.id, `wrong guess ${i}`, `198.51.100.${i + 1}`),
      ),
    );
    expect(tally(answers)).toEqual({ '400 invalid_credentials': LOCK_AT, '429 learner_locked': 2 * LOCK_AT });
    expect(await lockedOn(server, teacher, klass.id)).toEqual([ada.id]);
    expect(await signInAnswer(server, klass, ada, '203.0.113.10')).toBe('429 learner_locked');
  });

  test('from one address are counted for the class before they are checked: sixty reach the check', async ({
    server,
  }) => {
    const teacher = await newTeacher(server);
    const { klass, learners } = await classWith(
      server,
      teacher,
      Array.from({ length: 10 }, (_, i) => `Pupil ${i} Jones`),
    );
    const [first] = learners;
    if (!first) throw new Error('no learners');
    // Ninety from one address: nine a learner, below a learner's lock.
    const sent = PAUSE_AT + 30;
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        classSignIn(server, klass.join_code, learners[i % learners.length]?.id ?? '', `wrong ${i}`, '203.0.113.66'),
      ),
    );
    expect(tally(answers)).toEqual({
      '400 invalid_credentials': PAUSE_AT,
      '429 over_request_rate_limit': sent - PAUSE_AT,
    });
    // The refused attempts counted for no learner.
    expect(await lockedOn(server, teacher, klass.id)).toEqual([]);
    expect(await signInAnswer(server, klass, first, '203.0.113.67')).toBe('200');
  });
});

// Several instances, as production runs them: one database, the counts in one Redis.
describeNeeding(
  ['TEST_DATABASE_URL', 'TEST_REDIS_URL'],
  'wrong secret words across two instances sharing PostgreSQL and Redis (TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    const prefix = `roboforge-test-${randomBytes(4).toString('hex')}:`;
    const shared: Partial<AppConfig> = { ...CONFIG, redisUrl: testSettings.redisUrl, redisKeyPrefix: prefix };
    let a: TestServer;
    let b: TestServer;
    let teacher: Session;

    beforeAll(async () => {
      a = await startTestServer('postgres', shared);
      b = await startTestServer('postgres', { ...shared, database: a.config.database });
      // Until its connection is ready, an instance counts on its own (and says so in its log).
      await Promise.all([redisReady(a), redisReady(b)]);
      teacher = await newTeacher(a);
    });
    afterAll(async () => {
      // B shares A's database: A removes it.
      await b?.close();
      await a?.close();
    });

    it('add up on A and B: the 10th, on either, locks the learner, and the class page on the other shows it', async () => {
      const { klass, learners } = await classWith(a, teacher, ['Ada Lovelace', 'Grace Hopper']);
      const [ada, grace] = learners;
      if (!ada || !grace) throw new Error('no learners');
      // Nine, taking turns: five on A, four on B. Counted per instance, neither would lock at ten.
      await wrongSecrets([a, b], klass, ada, LOCK_AT - 1);
      expect(await lockedOn(b, teacher, klass.id)).toEqual([]);
      await expectWrongSecret(b, klass, ada, '198.51.100.200');

      expect(await lockedOn(a, teacher, klass.id)).toEqual([ada.id]);
      expect(await lockedOn(b, teacher, klass.id)).toEqual([ada.id]);
      expect(await signInAnswer(a, klass, ada, '203.0.113.10')).toBe('429 learner_locked');
      expect(await signInAnswer(b, klass, ada, '203.0.113.10')).toBe('429 learner_locked');
      // Only that learner: a classmate signs in on either.
      expect(await signInAnswer(a, klass, grace, '203.0.113.10')).toBe('200');
    });

    it('the teacher’s unlock on one instance lets the learner sign in on the other', async () => {
      const { klass, learners } = await classWith(a, teacher, ['Alan Turing']);
      const [alan] = learners;
      if (!alan) throw new Error('no learner');
      await wrongSecrets([b, a], klass, alan, LOCK_AT);
      expect(await signInAnswer(a, klass, alan, '203.0.113.11')).toBe('429 learner_locked');

      const unlock = await request(b, `/api/classes/${klass.id}/learners/${alan.id}/lock`, {
        method: 'DELETE',
        headers: bearer(teacher.access_token),
      });
      expect(unlock.status, unlock.text).toBe(204);
      expect(await lockedOn(a, teacher, klass.id)).toEqual([]);
      expect(await signInAnswer(a, klass, alan, '203.0.113.11')).toBe('200');
    });

    it('new secret words, given on one instance, end the lock on the other', async () => {
      const { klass, learners } = await classWith(a, teacher, ['Katherine Johnson']);
      const [katherine] = learners;
      if (!katherine) throw new Error('no learner');
      await wrongSecrets([a, b], klass, katherine, LOCK_AT);
      expect(await lockedOn(b, teacher, klass.id)).toEqual([katherine.id]);

      const reset = await request(a, `/api/classes/${klass.id}/learners/${katherine.id}/secret`, {
        method: 'POST',
        headers: bearer(teacher.access_token),
      });
      expect(reset.status, reset.text).toBe(200);
      const renewed = learnerWithSecretSchema.parse(reset.body);
      expect(await lockedOn(b, teacher, klass.id)).toEqual([]);
      expect(await signInAnswer(b, klass, katherine, '203.0.113.12')).toBe('400 invalid_credentials');
      expect(await signInAnswer(b, klass, renewed, '203.0.113.12')).toBe('200');
    });

    it('pause one address for the class on both instances, locking no learner and no other class', async () => {
      const { klass, learners } = await classWith(
        a,
        teacher,
        Array.from({ length: 8 }, (_, i) => `Pupil ${i} Jones`),
      );
      const { klass: otherClass, learners: others } = await classWith(a, teacher, ['Mary Jackson'], 'Year 9 Robotics');
      const [first] = learners;
      const [mary] = others;
      if (!first || !mary) throw new Error('no learners');
      const guesser = '203.0.113.77';
      // Sixty from one address, taking turns between A and B, spread over the class: at most 8 a learner.
      for (let i = 0; i < PAUSE_AT; i++) {
        const learner = learners[i % learners.length];
        if (!learner) throw new Error('no learner');
        await expectWrongSecret(i % 2 === 0 ? a : b, klass, learner, guesser);
      }
      expect(await signInAnswer(a, klass, first, guesser)).toBe('429 over_request_rate_limit');
      expect(await signInAnswer(b, klass, first, guesser)).toBe('429 over_request_rate_limit');
      // The classroom's address, and the same address for another class, are not paused.
      expect(await signInAnswer(b, klass, first, '203.0.113.78')).toBe('200');
      expect(await signInAnswer(a, otherClass, mary, guesser)).toBe('200');
      expect(await lockedOn(a, teacher, klass.id)).toEqual([]);
    });

    it('are kept when an instance restarts: Redis holds them', async () => {
      const { klass, learners } = await classWith(a, teacher, ['Dorothy Vaughan']);
      const [dorothy] = learners;
      if (!dorothy) throw new Error('no learner');
      // Every count on B: A takes no part.
      await wrongSecrets([b], klass, dorothy, LOCK_AT - 1);
      await b.close();
      b = await startTestServer('postgres', { ...shared, database: a.config.database });
      await redisReady(b);
      expect(await lockedOn(b, teacher, klass.id)).toEqual([]);
      await expectWrongSecret(b, klass, dorothy, '198.51.100.210');
      expect(await lockedOn(b, teacher, klass.id)).toEqual([dorothy.id]);
      expect(await signInAnswer(b, klass, dorothy, '203.0.113.13')).toBe('429 learner_locked');
    });

    it('sent at once to A and B are each counted before the check: ten reach it, on both together', async () => {
      const { klass, learners } = await classWith(a, teacher, ['Annie Easley']);
      const [annie] = learners;
      if (!annie) throw new Error('no learner');
      const answers = await Promise.all(
        Array.from({ length: 3 * LOCK_AT }, (_, i) =>
          classSignIn(i % 2 === 0 ? a : b, klass.join_code, annie.id, `wrong guess ${i}`, `198.51.100.${i + 1}`),
        ),
      );
      expect(tally(answers)).toEqual({ '400 invalid_credentials': LOCK_AT, '429 learner_locked': 2 * LOCK_AT });
      expect(await lockedOn(b, teacher, klass.id)).toEqual([annie.id]);
    });
  },
);
