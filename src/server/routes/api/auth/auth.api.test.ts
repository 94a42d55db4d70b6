import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { jwksSchema, sessionSchema, signUpResponseSchema, userResponseSchema } from '#shared/schemas/auth.ts';
import { describeEachDatabase, serverTest } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, startTestServer, type TestServer } from '#test/test-server.ts';
import { DEFAULT_RATE_LIMITS } from '../../../env.ts';

const PASSWORD = 'correct horse battery';
const signUp = (server: TestServer, json: unknown) => request(server, '/api/auth/signup', { method: 'POST', json });
const signIn = (server: TestServer, json: unknown) =>
  request(server, '/api/auth/token?grant_type=password', { method: 'POST', json });
const refresh = (server: TestServer, refreshToken: string) =>
  request(server, '/api/auth/token?grant_type=refresh_token', {
    method: 'POST',
    json: { refresh_token: refreshToken },
  });
const currentUser = (server: TestServer, token: string) =>
  request(server, '/api/auth/user', { headers: bearer(token) });

describeEachDatabase('auth API', (test) => {
  describe('POST /api/auth/signup', () => {
    test('creates the account and an empty profile, stores the e-mail trimmed and lower-cased, returns no session', async ({
      server,
    }) => {
      const res = await signUp(server, {
        email: '  Ada.Lovelace@Example.TEST ',
        password: PASSWORD,
        redirect_to: 'http://localhost:3000/',
      });
      expect(res.status).toBe(200);
      const { user } = signUpResponseSchema.parse(res.body);
      expect(user.email).toBe('ada.lovelace@example.test');
      expect(res.body).not.toHaveProperty('access_token');
      const profile = await request(server, `/api/profiles/${user.id}`);
      expect(profile.body).toMatchObject({ id: user.id, username: null, bio: null, email: null });
      const changes = await server.app.database.db
        .selectFrom('profile_changes')
        .selectAll()
        .where('profile_id', '=', user.id)
        .execute();
      expect(changes.map((c) => c.kind)).toEqual(['INSERT']);
      const stored = await server.app.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      // argon2id, at the test servers' cost (auth/passwords.test.ts checks OWASP's, the default).
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    });

    test('refuses an e-mail that is already registered, whatever its case', async ({ server }) => {
      await signUp(server, { email: 'twice@example.test', password: PASSWORD });
      const res = await signUp(server, { email: 'TWICE@example.test', password: PASSWORD });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: { code: 'user_already_exists', message: 'User already registered' } });
    });

    test('refuses a short password with the weak_password message', async ({ server }) => {
      const res = await signUp(server, { email: 'weak@example.test', password: '12345' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: { code: 'weak_password', message: 'Password should be at least 6 characters.' },
      });
      expect(
        await server.app.database.db.selectFrom('users').where('email', '=', 'weak@example.test').selectAll().execute(),
      ).toEqual([]);
    });

    test.for<[label: string, body: unknown, message: RegExp]>([
      ['a 1,025-character password', { email: 'long@example.test', password: 'x'.repeat(1025) }, /1024/],
      ['a missing e-mail', { password: PASSWORD }, /email/i],
      ['an invalid e-mail', { email: 'not-an-email', password: PASSWORD }, /email/i],
      ['an e-mail with inner spaces', { email: 'a b@example.test', password: PASSWORD }, /email/i],
      ['a number for a password', { email: 'n@example.test', password: 123456 }, /password/i],
      ['an unknown field', { email: 'u@example.test', password: PASSWORD, admin: true }, /admin/],
      ['an array body', [1, 2], /body/],
    ])('refuses %s with a 400 and creates nothing', async ([_label, body, message], { server }) => {
      const before = await server.app.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const res = await signUp(server, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
      expect(apiErrorSchema.parse(res.body).error.message).toMatch(message);
      const after = await server.app.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    test('accepts a 1,024-character password', async ({ server }) => {
      const res = await signUp(server, { email: 'longest@example.test', password: 'x'.repeat(1024) });
      expect(res.status).toBe(200);
    });

    test('refuses malformed JSON, a wrong content type and an oversized body', async ({ server }) => {
      const malformed = await request(server, '/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": "x@example.test", "password": ',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ error: { code: 'invalid_json' } });
      const text = await request(server, '/api/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hi',
      });
      expect(text.status).toBe(415);
      expect(text.body).toMatchObject({ error: { code: 'unsupported_media_type' } });
      const huge = await signUp(server, { email: 'big@example.test', password: 'x'.repeat(20_000) });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ error: { code: 'payload_too_large' } });
    });
  });

  describe('POST /api/auth/token?grant_type=password', () => {
    test('returns a session for the right password, whatever the e-mail case and spaces', async ({ server }) => {
      await signUp(server, { email: 'grace@example.test', password: PASSWORD });
      const res = await signIn(server, { email: ' Grace@Example.test', password: PASSWORD });
      expect(res.status).toBe(200);
      const session = sessionSchema.parse(res.body);
      expect(session.token_type).toBe('bearer');
      expect(session.expires_in).toBe(3600);
      expect(Math.abs(session.expires_at - (Date.now() / 1000 + 3600))).toBeLessThan(10);
      expect(session.user.email).toBe('grace@example.test');
      const me = await currentUser(server, session.access_token);
      expect(me.status).toBe(200);
      expect(userResponseSchema.parse(me.body)).toMatchObject({ id: session.user.id, email: 'grace@example.test' });
    });

    test('answers a wrong password and an unknown e-mail the same way', async ({ server }) => {
      await signUp(server, { email: 'linus@example.test', password: PASSWORD });
      const wrong = await signIn(server, { email: 'linus@example.test', password: 'wrong password' });
      const unknown = await signIn(server, { email: 'nobody@example.test', password: 'wrong password' });
      const expected = { error: { code: 'invalid_credentials', message: 'Invalid login credentials' } };
      expect([wrong.status, wrong.body]).toEqual([400, expected]);
      expect([unknown.status, unknown.body]).toEqual([400, expected]);
    });

    test('refuses a missing or unknown grant type and a body of the other grant', async ({ server }) => {
      expect(
        (await request(server, '/api/auth/token', { method: 'POST', json: { email: 'a@example.test', password: 'x' } }))
          .status,
      ).toBe(400);
      expect((await request(server, '/api/auth/token?grant_type=magic', { method: 'POST', json: {} })).status).toBe(
        400,
      );
      const mismatched = await request(server, '/api/auth/token?grant_type=password', {
        method: 'POST',
        json: { refresh_token: 'abc' },
      });
      expect(mismatched.status).toBe(400);
      expect(mismatched.body).toMatchObject({ error: { code: 'validation_failed' } });
    });
  });

  describe('refresh tokens', () => {
    test('rotate: the presented token is spent and a working pair comes back', async ({ server }) => {
      const first = await signUpAndSignIn(server);
      const res = await refresh(server, first.refresh_token);
      expect(res.status).toBe(200);
      const second = sessionSchema.parse(res.body);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.user.id).toBe(first.user.id);
      expect((await currentUser(server, second.access_token)).status).toBe(200);
      expect((await refresh(server, second.refresh_token)).status).toBe(200);
    });

    test('give two tabs that refresh at once each a working token (grace period)', async ({ server }) => {
      const session = await signUpAndSignIn(server);
      const [a, b] = await Promise.all([
        refresh(server, session.refresh_token),
        refresh(server, session.refresh_token),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
    });

    test('revoke the whole session when a spent token is presented after the grace period', async ({ server }) => {
      const session = await signUpAndSignIn(server);
      const rotated = sessionSchema.parse((await refresh(server, session.refresh_token)).body);
      // Age the spent token past the grace period, as a thief replaying it later would.
      await server.app.database.db
        .updateTable('refresh_tokens')
        .set({ used_at: new Date(Date.now() - 60_000).toISOString() })
        .where('used_at', 'is not', null)
        .execute();
      const replay = await refresh(server, session.refresh_token);
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual({
        error: { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' },
      });
      // The legitimate, newer token dies with the session, and so do its access tokens.
      const stolenThenRotated = await refresh(server, rotated.refresh_token);
      expect(stolenThenRotated.status).toBe(400);
      expect(stolenThenRotated.body).toMatchObject({ error: { code: 'session_not_found' } });
      expect((await currentUser(server, rotated.access_token)).status).toBe(401);
    });

    test('answer unknown and expired tokens with a 400, never a 5xx', async ({ server }) => {
      const unknown = await refresh(server, 'this-token-was-never-issued');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ error: { code: 'refresh_token_not_found' } });
      const session = await signUpAndSignIn(server);
      await server.app.database.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', session.user.id)
        .execute();
      const expired = await refresh(server, session.refresh_token);
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ error: { code: 'session_not_found' } });
      for (const body of [{}, { refresh_token: '' }, { refresh_token: 42 }, { refresh_token: 'x'.repeat(600) }]) {
        const bad = await request(server, '/api/auth/token?grant_type=refresh_token', { method: 'POST', json: body });
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
    });

    test('are stored only as hashes', async ({ server }) => {
      const session = await signUpAndSignIn(server);
      const rows = await server.app.database.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('user_id', '=', session.user.id)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.token_hash)).not.toContain(session.refresh_token);
    });
  });

  describe('logout and the current user', () => {
    test('logout revokes the session: refresh fails and the access token stops working', async ({ server }) => {
      const session = await signUpAndSignIn(server);
      const out = await request(server, '/api/auth/logout', { method: 'POST', headers: bearer(session.access_token) });
      expect(out.status).toBe(204);
      expect(out.text).toBe('');
      expect((await refresh(server, session.refresh_token)).status).toBe(400);
      expect((await currentUser(server, session.access_token)).status).toBe(401);
    });

    test('without a token: 401 Auth session missing!', async ({ server }) => {
      for (const [method, url] of [
        ['GET', '/api/auth/user'],
        ['POST', '/api/auth/logout'],
      ] as const) {
        const res = await request(server, url, { method });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: { code: 'session_missing', message: 'Auth session missing!' } });
      }
    });

    test('rejects forged, expired, tampered, alg:none and foreign-key tokens with 401', async ({ server }) => {
      const session = await signUpAndSignIn(server);
      const [header = '', payload = '', signature = ''] = session.access_token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

      const tampered = `${header}.${encode({ ...claims, sub: crypto.randomUUID() })}.${signature}`;
      const algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      const { privateKey } = await generateKeyPair('ES256');
      const { kid } = z.object({ kid: z.string() }).parse(JSON.parse(Buffer.from(header, 'base64url').toString()));
      const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
      const keys = server.app.signingKeys.signingKey();
      const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
        .sign(keys.privateKey);
      const wrongIssuer = await new SignJWT({ ...claims, iss: 'someone-else' })
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
        .sign(keys.privateKey);

      for (const [label, token] of Object.entries({
        tampered,
        algNone,
        foreign,
        expired,
        wrongIssuer,
        garbage: 'abc.def.ghi',
      })) {
        const res = await currentUser(server, token);
        expect(res.status, label).toBe(401);
        expect(res.body, label).toMatchObject({ error: { code: 'bad_jwt' } });
      }
      const notBearer = await request(server, '/api/auth/user', {
        headers: { authorization: `Basic ${session.access_token}` },
      });
      expect(notBearer.status).toBe(401);
    });
  });

  describe('signing keys', () => {
    test('publishes the ES256 public key with its kid and no private part', async ({ server }) => {
      const res = await request(server, '/api/auth/jwks');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=600');
      const { keys } = jwksSchema.parse(res.body);
      expect(keys.length).toBeGreaterThanOrEqual(1);
      expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(keys[0]?.kid).toBeTruthy();
      expect(keys[0]).not.toHaveProperty('d');
    });

    test('survive a restart, so existing sessions stay valid', async ({ server, databaseKind }) => {
      const session = await signUpAndSignIn(server);
      const again = await startTestServer(databaseKind, { database: server.config.database });
      try {
        expect((await currentUser(again, session.access_token)).status).toBe(200);
        expect((await refresh(again, session.refresh_token)).status).toBe(200);
      } finally {
        // The second server shares the first one's database: close it without dropping anything.
        await again.app.close();
      }
    });

    test('a key given in the environment signs new tokens while stored keys still verify old ones', async ({
      server,
      databaseKind,
    }) => {
      const session = await signUpAndSignIn(server);
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: 'operator-key-2026' };
      const rotated = await startTestServer(databaseKind, {
        database: server.config.database,
        auth: {
          ...server.config.auth,
          signingKey: { kid: jwk.kid, kty: 'EC', crv: 'P-256', x: String(jwk.x), y: String(jwk.y), d: String(jwk.d) },
        },
      });
      try {
        expect((await currentUser(rotated, session.access_token)).status).toBe(200);
        const fresh = sessionSchema.parse((await refresh(rotated, session.refresh_token)).body);
        const header = JSON.parse(Buffer.from(fresh.access_token.split('.')[0] ?? '', 'base64url').toString());
        expect(header.kid).toBe('operator-key-2026');
        const jwks = jwksSchema.parse((await request(rotated, '/api/auth/jwks')).body);
        expect(jwks.keys.map((k) => k.kid)).toContain('operator-key-2026');
        expect(jwks.keys.length).toBeGreaterThanOrEqual(2);
      } finally {
        await rotated.app.close();
      }
    });
  });
});

const rateLimitedTest = serverTest('sqlite', {
  auth: {
    issuer: 'roboforge-test',
    signingKey: null,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signupPerAddress: { max: 3, windowMs: 60_000 },
      failedSignInsPerAccount: { max: 3, windowMs: 60_000 },
    },
  },
});

describe('rate limits', () => {
  rateLimitedTest('limit sign-ups per address with a 429 that says when to retry', async ({ server }) => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await signUp(server, { email: `rl${i}@example.test`, password: PASSWORD })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await signUp(server, { email: 'rl9@example.test', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ error: { code: 'over_request_rate_limit' } });
    expect(apiErrorSchema.parse(limited.body).error.message).toMatch(/Try again in/);
  });

  rateLimitedTest(
    'lock an account after too many failed sign-ins, even with the right password',
    async ({ server }) => {
      const session = await signUpAndSignIn(server, 'locked@example.test').catch(() => null);
      // Sign-ups above may have used the address budget; create the account directly then.
      if (!session) {
        const { hashPassword } = await import('../../../auth/passwords.ts');
        await server.app.repos.users.create({
          email: 'locked@example.test',
          passwordHash: await hashPassword(PASSWORD),
        });
      }
      for (let i = 0; i < 3; i++) {
        expect((await signIn(server, { email: 'locked@example.test', password: 'wrong' })).status).toBe(400);
      }
      const locked = await signIn(server, { email: 'locked@example.test', password: PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ error: { code: 'over_request_rate_limit' } });
    },
  );
});
