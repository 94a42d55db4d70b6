import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { type AppConfig, DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { type Session, sessionSchema, userResponseSchema } from '#shared/schemas/auth.ts';
import { bookmarkListSchema, bookmarkSchema } from '#shared/schemas/bookmark.ts';
import { type ForgedTokens, forgeTokens } from '#test/forged-tokens.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { fuzzSeed, runCount, timeLimitMs } from '#test/soak.ts';
import { bearer, request, signUpAndSignIn, type TestServer } from '#test/test-server.ts';

const PASSWORD = 'correct horse battery'; // signUpAndSignIn's default

/**
 * The expected status of every endpoint for every kind of caller. The owner owns the resource
 * (the profile, the bookmark); the other user is signed in as someone else; the last six columns
 * carry a token that must not work: over its hour, of a signed-out session, signed by a key the
 * server never issued, `alg: none`, another member's real token with the subject edited to the
 * owner's, and HS256 keyed with the server's public key. Public endpoints ignore the token.
 */
const MATRIX = `
  endpoint                                          anonymous owner other expired revoked foreign-key alg-none tampered hs256
  GET    /api/health                                200       200   200   200     200     200         200      200      200
  GET    /api/profiles                              200       200   200   200     200     200         200      200      200
  GET    /api/profiles/:id                          200       200   200   200     200     200         200      200      200
  PATCH  /api/profiles/:id                          401       200   403   401     401     401         401      401      401
  GET    /api/bookmarks                             401       200   200   401     401     401         401      401      401
  POST   /api/bookmarks                             401       201   201   401     401     401         401      401      401
  DELETE /api/bookmarks/:project_id                 401       204   204   401     401     401         401      401      401
  GET    /api/auth/user                             401       200   200   401     401     401         401      401      401
  POST   /api/auth/logout                           401       204   204   401     401     401         401      401      401
  POST   /api/auth/token?grant_type=password        200       200   200   200     200     200         200      200      200
  POST   /api/auth/token?grant_type=refresh_token   200       200   200   200     200     200         200      200      200
  POST   /api/auth/signup                           200       200   200   200     200     200         200      200      200
  GET    /api/auth/jwks                             200       200   200   200     200     200         200      200      200
  GET    /api/realtime/profiles                     200       200   200   200     200     200         200      200      200
`;

const CALLERS = [
  'anonymous',
  'owner',
  'other',
  'expired',
  'revoked',
  'foreign-key',
  'alg-none',
  'tampered',
  'hs256',
] as const;
type Caller = (typeof CALLERS)[number];

interface Row {
  readonly endpoint: string;
  readonly expected: ReadonlyMap<Caller, number>;
}

function parseMatrix(table: string): Row[] {
  const [header, ...lines] = table
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  expect(header?.slice(1)).toEqual([...CALLERS]);
  return lines.map(([method = '', path = '', ...statuses]) => {
    expect(statuses, `${method} ${path}`).toHaveLength(CALLERS.length);
    return {
      endpoint: `${method} ${path}`,
      expected: new Map(CALLERS.map((caller, column) => [caller, Number(statuses[column])])),
    };
  });
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

/** One row's cast, fresh for every row so that no row depends on what another did. */
interface World {
  readonly server: TestServer;
  readonly owner: Session;
  readonly other: Session;
  /** A third member whose credentials the token endpoint is called with. */
  readonly dana: Session;
  readonly tokens: ReadonlyMap<Caller, string | null>;
}

type Send = (world: World, authorization: Record<string, string>) => Promise<Answer>;

const json = (world: World, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  request(world.server, path, { method, headers, ...(body === undefined ? {} : { json: body }) });

/** The stream never ends: take its status, then hang up. */
async function openStream(world: World, headers: Record<string, string>): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 2000);
  try {
    const response = await fetch(new URL('/api/realtime/profiles', world.server.baseUrl), {
      headers,
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type, text: type };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

const REQUESTS: Record<string, Send> = {
  'GET /api/health': (w, auth) => json(w, 'GET', '/api/health', auth),
  'GET /api/profiles': (w, auth) => json(w, 'GET', '/api/profiles', auth),
  'GET /api/profiles/:id': (w, auth) => json(w, 'GET', `/api/profiles/${w.owner.user.id}`, auth),
  'PATCH /api/profiles/:id': (w, auth) =>
    json(w, 'PATCH', `/api/profiles/${w.owner.user.id}`, auth, { bio: 'Written by whoever called' }),
  'GET /api/bookmarks': (w, auth) => json(w, 'GET', '/api/bookmarks', auth),
  'POST /api/bookmarks': (w, auth) => json(w, 'POST', '/api/bookmarks', auth, { project_id: 7 }),
  'DELETE /api/bookmarks/:project_id': (w, auth) => json(w, 'DELETE', '/api/bookmarks/5', auth),
  'GET /api/auth/user': (w, auth) => json(w, 'GET', '/api/auth/user', auth),
  'POST /api/auth/logout': (w, auth) => json(w, 'POST', '/api/auth/logout', auth),
  'POST /api/auth/token?grant_type=password': (w, auth) =>
    json(w, 'POST', '/api/auth/token?grant_type=password', auth, { email: w.dana.user.email, password: PASSWORD }),
  'POST /api/auth/token?grant_type=refresh_token': async (w, auth) => {
    const fresh = await signIn(w.server, w.dana.user.email);
    return json(w, 'POST', '/api/auth/token?grant_type=refresh_token', auth, { refresh_token: fresh.refresh_token });
  },
  'POST /api/auth/signup': (w, auth) =>
    json(w, 'POST', '/api/auth/signup', auth, { email: `new-${crypto.randomUUID()}@example.test`, password: PASSWORD }),
  'GET /api/auth/jwks': (w, auth) => json(w, 'GET', '/api/auth/jwks', auth),
  'GET /api/realtime/profiles': (w, auth) => openStream(w, auth),
};

/** Checks of a successful answer: whatever it returns belongs to the caller. */
const OWN_DATA_ONLY: Record<string, (answer: Answer, callerId: string) => boolean> = {
  'GET /api/auth/user': (answer, callerId) => userResponseSchema.parse(answer.body).id === callerId,
  'GET /api/bookmarks': (answer, callerId) =>
    bookmarkListSchema.parse(answer.body).every((bookmark) => bookmark.user_id === callerId),
  'POST /api/bookmarks': (answer, callerId) => bookmarkSchema.parse(answer.body).user_id === callerId,
  'PATCH /api/profiles/:id': (answer, callerId) => z.object({ id: z.string() }).parse(answer.body).id === callerId,
  'GET /api/realtime/profiles': (answer) => answer.text.startsWith('text/event-stream'),
};

async function signIn(server: TestServer, email: string): Promise<Session> {
  const res = await request(server, '/api/auth/token?grant_type=password', {
    method: 'POST',
    json: { email, password: PASSWORD },
  });
  return sessionSchema.parse(res.body);
}

/** Everything of the owner's that another caller must not change. */
async function ownerState(world: World): Promise<string> {
  const db = world.server.app.database.db;
  const ownerId = world.owner.user.id;
  const profile = await db.selectFrom('profiles').selectAll().where('id', '=', ownerId).executeTakeFirst();
  const bookmarks = await db
    .selectFrom('bookmarks')
    .select(['id', 'project_id'])
    .where('user_id', '=', ownerId)
    .orderBy('id')
    .execute();
  const sessionId = z.string().parse(decodeJwt(world.owner.access_token).sid);
  const signedIn = await world.server.app.repos.sessions.isActive(sessionId);
  return JSON.stringify({ profile, bookmarks, signedIn });
}

/** Limits would only add 429s to a table about who may do what. */
const ROOMY_LIMITS: Partial<AppConfig> = {
  auth: {
    issuer: 'roboforge-test',
    signingKey: null,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signupPerAddress: { max: 10_000, windowMs: 60_000 },
      tokenPerAddress: { max: 10_000, windowMs: 60_000 },
    },
  },
};

describeEachDatabase('access control', ROOMY_LIMITS, (test) => {
  const accounts = { owner: '', other: '', dana: '' };

  test.beforeAll(async ({ server }) => {
    accounts.owner = (await signUpAndSignIn(server)).user.email;
    accounts.other = (await signUpAndSignIn(server)).user.email;
    accounts.dana = (await signUpAndSignIn(server)).user.email;
  });

  async function freshWorld(server: TestServer): Promise<World> {
    const owner = await signIn(server, accounts.owner);
    const other = await signIn(server, accounts.other);
    const dana = await signIn(server, accounts.dana);
    const signedOut = await signIn(server, accounts.owner);
    await request(server, '/api/auth/logout', { method: 'POST', headers: bearer(signedOut.access_token) });
    const forged: ForgedTokens = await forgeTokens(server, owner, other);
    const tokens = new Map<Caller, string | null>([
      ['anonymous', null],
      ['owner', owner.access_token],
      ['other', other.access_token],
      ['expired', forged.expired],
      ['revoked', signedOut.access_token],
      ['foreign-key', forged.foreignKey],
      ['alg-none', forged.algNone],
      ['tampered', forged.tampered],
      ['hs256', forged.hmacWithPublicKey],
    ]);
    return { server, owner, other, dana, tokens };
  }

  /** Every cell starts from the same data: the owner has bookmarked project 5, nobody else anything. */
  async function resetBookmarks(world: World) {
    const db = world.server.app.database.db;
    await db.deleteFrom('bookmarks').execute();
    await db
      .insertInto('bookmarks')
      .values({ user_id: world.owner.user.id, project_id: 5, created_at: new Date().toISOString() })
      .execute();
  }

  /** What is wrong with one cell of the table, if anything. */
  async function problemsOf(row: Row, caller: Caller, world: World): Promise<string[]> {
    const send = REQUESTS[row.endpoint];
    if (!send) return [`no request is defined for ${row.endpoint}`];
    const token = world.tokens.get(caller) ?? null;
    await resetBookmarks(world);
    const before = await ownerState(world);
    const answer = await send(world, token ? bearer(token) : {});
    const cell = `${row.endpoint} as ${caller}`;
    const problems: string[] = [];

    const expected = row.expected.get(caller);
    if (answer.status !== expected)
      problems.push(`${cell}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 120)}`);
    if (answer.status >= 400) {
      const error = apiErrorSchema.safeParse(answer.body);
      const wanted = answer.status === 403 ? 'forbidden' : caller === 'anonymous' ? 'session_missing' : 'bad_jwt';
      if (!error.success || (answer.status !== 400 && error.data.error.code !== wanted)) {
        problems.push(`${cell}: error should be ${wanted}, got ${answer.text.slice(0, 120)}`);
      }
    }
    const ownData = OWN_DATA_ONLY[row.endpoint];
    const callerId = caller === 'owner' ? world.owner.user.id : world.other.user.id;
    if (answer.status < 300 && ownData && !ownData(answer, callerId)) {
      problems.push(`${cell}: answered with data that is not the caller's: ${answer.text.slice(0, 200)}`);
    }
    // Neither member opted in to showing an e-mail: only their own account call may name it.
    for (const [member, session] of [
      ['owner', world.owner],
      ['other', world.other],
    ] as const) {
      const ownAccount = caller === member && row.endpoint === 'GET /api/auth/user';
      if (!ownAccount && answer.text.includes(session.user.email))
        problems.push(`${cell}: leaked the ${member}'s e-mail`);
    }
    if (caller !== 'owner' && (await ownerState(world)) !== before) problems.push(`${cell}: changed the owner's data`);
    return problems;
  }

  test.for(parseMatrix(MATRIX))('$endpoint answers every caller as the table says', async (row, { server }) => {
    const problems: string[] = [];
    let world = await freshWorld(server);
    for (const caller of CALLERS) {
      // Signing out spends the session every forged token points at: a new cast for each cell then,
      // so that a forged token fails for being forged, not for naming a dead session.
      if (row.endpoint === 'POST /api/auth/logout') world = await freshWorld(server);
      problems.push(...(await problemsOf(row, caller, world)));
    }
    expect(problems).toEqual([]);
  });

  test('every endpoint of the table has a request, and every request a row', () => {
    expect(
      parseMatrix(MATRIX)
        .map((row) => row.endpoint)
        .sort(),
    ).toEqual(Object.keys(REQUESTS).sort());
  });

  test(
    'no altered copy of a valid access token is accepted',
    async ({ server }) => {
      const member = await signUpAndSignIn(server);
      const other = await signUpAndSignIn(server);
      const token = member.access_token;
      const [header = '', payload = '', signature = ''] = token.split('.');
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = decodeJwt(token);
      const protectedHeader = decodeProtectedHeader(token);
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';

      const altered = fc.oneof(
        // One character replaced, anywhere in the token.
        fc
          .tuple(fc.nat(token.length - 1), fc.constantFrom(...alphabet))
          .map(([at, char]) => `${token.slice(0, at)}${char}${token.slice(at + 1)}`),
        // Claims edited under the original signature.
        fc
          .record(
            {
              sub: fc.constantFrom(other.user.id, crypto.randomUUID(), ''),
              email: fc.constantFrom(other.user.email, 'admin@example.test'),
              sid: fc.constantFrom(crypto.randomUUID(), ''),
              exp: fc.integer({ min: 0, max: 2 ** 40 }),
              iss: fc.constantFrom('roboforge', 'evil', ''),
              aud: fc.constantFrom('admin', 'anon', ''),
              role: fc.constantFrom('service_role', 'admin'),
            },
            { requiredKeys: [] },
          )
          .map((changes) => `${header}.${encode({ ...claims, ...changes })}.${signature}`),
        // The header edited: other algorithms, keys from elsewhere, critical extensions.
        fc
          .record(
            {
              alg: fc.constantFrom('none', 'None', 'HS256', 'ES384', 'RS256', 'EdDSA'),
              kid: fc.constantFrom('', '../../etc/passwd', "' OR 1=1 --", crypto.randomUUID()),
              jku: fc.constant('http://evil.test/jwks.json'),
              x5u: fc.constant('http://evil.test/cert.pem'),
              jwk: fc.constant({ kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'AAAA' }),
              crit: fc.constant(['exp']),
              b64: fc.constant(false),
            },
            { requiredKeys: [] },
          )
          .map((changes) => `${encode({ ...protectedHeader, ...changes })}.${payload}.${signature}`),
        // Cut short, or with parts moved, dropped or added.
        fc.nat(token.length - 1).map((length) => token.slice(0, length)),
        fc.constantFrom(
          `${header}.${payload}.`,
          `${header}.${payload}`,
          `${header}..${signature}`,
          `${payload}.${header}.${signature}`,
          `${token}.${signature}`,
          `${header}.${other.access_token.split('.')[1]}.${signature}`,
        ),
      );
      // Base64url has several spellings of the same last bytes: such a copy is the same token.
      const sameToken = (candidate: string) => {
        const [h, p, s = ''] = candidate.split('.');
        return h === header && p === payload && Buffer.from(s, 'base64url').equals(Buffer.from(signature, 'base64url'));
      };

      await fc.assert(
        fc.asyncProperty(altered, async (forged) => {
          fc.pre(!sameToken(forged));
          const res = await request(server, '/api/auth/user', { headers: { authorization: `Bearer ${forged}` } });
          expect(res.status, forged).toBe(401);
        }),
        { numRuns: runCount(300, 10_000), seed: fuzzSeed() },
      );
      // The original still works: the 401s above were the alterations' doing.
      expect((await request(server, '/api/auth/user', { headers: bearer(token) })).status).toBe(200);
    },
    timeLimitMs(20_000),
  );

  describe('refresh tokens', () => {
    const refresh = (server: TestServer, refreshToken: string) =>
      request(server, '/api/auth/token?grant_type=refresh_token', {
        method: 'POST',
        json: { refresh_token: refreshToken },
      });
    /** Moves every spent token of the member's past the grace period for concurrent tabs. */
    const ageSpentTokens = (server: TestServer, userId: string) =>
      server.app.database.db
        .updateTable('refresh_tokens')
        .set({ used_at: new Date(Date.now() - 60_000).toISOString() })
        .where('user_id', '=', userId)
        .where('used_at', 'is not', null)
        .execute();

    test('a stolen token that the thief rotates first dies when the owner presents the spent one', async ({
      server,
    }) => {
      const victim = await signUpAndSignIn(server);
      // The thief copies the refresh token out of localStorage and uses it before the victim's tab does.
      const thief = sessionSchema.parse((await refresh(server, victim.refresh_token)).body);
      expect((await request(server, '/api/auth/user', { headers: bearer(thief.access_token) })).status).toBe(200);
      await ageSpentTokens(server, victim.user.id);

      const victimRefresh = await refresh(server, victim.refresh_token);
      expect(victimRefresh.status).toBe(400);
      expect(victimRefresh.body).toMatchObject({ error: { code: 'refresh_token_already_used' } });

      // The reuse revoked the whole session: the thief's rotated token and both access tokens are dead.
      const thiefRefresh = await refresh(server, thief.refresh_token);
      expect(thiefRefresh.status).toBe(400);
      expect(thiefRefresh.body).toMatchObject({ error: { code: 'session_not_found' } });
      for (const token of [thief.access_token, victim.access_token]) {
        expect((await request(server, '/api/auth/user', { headers: bearer(token) })).status).toBe(401);
        expect((await request(server, '/api/bookmarks', { headers: bearer(token) })).status).toBe(401);
      }
      // The victim simply signs in again.
      const again = await signIn(server, victim.user.email);
      expect((await request(server, '/api/auth/user', { headers: bearer(again.access_token) })).status).toBe(200);
    });

    test('a spent token replayed later revokes the session, and replaying it again changes nothing', async ({
      server,
    }) => {
      const member = await signUpAndSignIn(server);
      const rotated = sessionSchema.parse((await refresh(server, member.refresh_token)).body);
      await ageSpentTokens(server, member.user.id);
      expect((await refresh(server, member.refresh_token)).status).toBe(400);
      expect((await refresh(server, member.refresh_token)).status).toBe(400);
      expect((await refresh(server, rotated.refresh_token)).status).toBe(400);
      expect((await request(server, '/api/auth/user', { headers: bearer(rotated.access_token) })).status).toBe(401);
    });

    test('signing out ends only that session', async ({ server }) => {
      const laptop = await signUpAndSignIn(server);
      const phone = await signIn(server, laptop.user.email);
      await request(server, '/api/auth/logout', { method: 'POST', headers: bearer(laptop.access_token) });
      expect((await request(server, '/api/auth/user', { headers: bearer(laptop.access_token) })).status).toBe(401);
      expect((await refresh(server, laptop.refresh_token)).status).toBe(400);
      expect((await request(server, '/api/auth/user', { headers: bearer(phone.access_token) })).status).toBe(200);
      expect((await refresh(server, phone.refresh_token)).status).toBe(200);
    });
  });
});
