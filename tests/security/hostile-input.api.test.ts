import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import type { z } from 'zod';
import { type AppConfig, DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { PROJECT_IDS } from '#shared/content/project-ids.ts';
import { adminMemberPageSchema, adminMemberSchema } from '#shared/schemas/admin.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import {
  jwksSchema,
  type Session,
  sessionSchema,
  signUpResponseSchema,
  userResponseSchema,
} from '#shared/schemas/auth.ts';
import { bookmarkListSchema, bookmarkSchema } from '#shared/schemas/bookmark.ts';
import {
  addedLearnersSchema,
  classCommunitySchema,
  classSummarySchema,
  learnerClassSchema,
} from '#shared/schemas/classes.ts';
import { healthSchema } from '#shared/schemas/health.ts';
import { publicProfileListSchema, publicProfileSchema } from '#shared/schemas/profile.ts';
import { addLearners, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { findInvalidRows } from '#test/database-invariants.ts';
import { writeFixtureWebBuild } from '#test/fixture-web-build.ts';
import { insertMember } from '#test/fixtures.ts';
import { type RawRequest, type RawResponse, sendRaw } from '#test/raw-request.ts';
import { describeEachDatabase, serverTest } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { fuzzSeed, runCount, timeLimitMs } from '#test/soak.ts';
import { request, type TestServer } from '#test/test-server.ts';
import {
  authorizationFor,
  type Body,
  field,
  headerText,
  hostileBody,
  hostileText,
  junkQuery,
  percentEncode,
} from './hostile-values.ts';

/** Runs per endpoint: 23 endpoints make ~2,100 requests per database in `npm test`, ~32,000 under SOAK. */
const RUNS_PER_ENDPOINT = runCount(90, 1400);
const STATIC_RUNS = runCount(300, 4000);
/** Far above any real answer time here; a request still open after this counts as a hang. */
const ANSWER_TIMEOUT_MS = 5000;

/** The fuzzer measures input handling, not the rate limiter: lift the limits out of its way. */
const UNLIMITED: Partial<AppConfig> = {
  auth: {
    issuer: 'roboforge-test',
    signingKey: null,
    rateLimits: {
      signupPerAddress: { max: 1_000_000, windowMs: 60_000 },
      tokenPerAddress: { max: 1_000_000, windowMs: 60_000 },
      failedSignInsPerAccount: DEFAULT_RATE_LIMITS.failedSignInsPerAccount,
      failedSignInsPerAccountAndAddress: DEFAULT_RATE_LIMITS.failedSignInsPerAccountAndAddress,
    },
  },
  recoveryLimits: {
    recoverPerAddress: { max: 1_000_000, windowMs: 60_000 },
    recoverPerEmail: { max: 1_000_000, windowMs: 60_000 },
    resetPerAddress: { max: 1_000_000, windowMs: 60_000 },
  },
};

const fuzzOptions = (numRuns: number) => ({ numRuns, seed: fuzzSeed() });

const ENDPOINTS = [
  'GET /api/health',
  'GET /api/profiles',
  'GET /api/profiles/:id',
  'PATCH /api/profiles/:id',
  'GET /api/bookmarks',
  'POST /api/bookmarks',
  'DELETE /api/bookmarks/:project_id',
  'POST /api/auth/signup',
  'POST /api/auth/token',
  'POST /api/auth/logout',
  'GET /api/auth/user',
  'GET /api/auth/jwks',
  'GET /api/realtime/profiles',
  'GET /api/admin/members',
  'POST /api/admin/members/:id/moderation',
  'PUT /api/account/password',
  'DELETE /api/account',
  'POST /api/auth/reset',
  'POST /api/classes',
  'POST /api/classes/:id/learners',
  'GET /api/classes/:id/community',
  'POST /api/class-sign-in/:code',
  'POST /api/learner/help',
  'any method on any API path',
] as const;
type EndpointName = (typeof ENDPOINTS)[number];

interface Endpoint {
  readonly requests: fc.Arbitrary<RawRequest>;
  /** The shape a 2xx answer must have (none: an empty 204 or a stream). */
  readonly success?: z.ZodType;
  /** Takes no input that can be wrong (an unknown query is ignored), so it never refuses. */
  readonly acceptsAnything?: true;
  /** An administrator's view of the members: every e-mail is in it by design. */
  readonly showsEmails?: true;
}

interface FuzzContext {
  /** The member whose token most requests carry (the catch-all endpoint may sign it out at last). */
  readonly owner: Session;
  /** Signed out by the fuzzer's logout requests; nobody else relies on it. */
  readonly leaver: Session;
  /** Spent and reused by the fuzzer's refresh requests. */
  readonly refresher: Session;
  /** An administrator, and the member their moderation requests act on. */
  readonly admin: Session;
  readonly moderated: Session;
  /** Changes their password (to whatever the fuzzer sends) and deletes their account. */
  readonly changer: Session;
  readonly quitter: Session;
  /** Live reset links of throwaway members: each works once. */
  readonly resetTokens: readonly string[];
  /** Class mode: a teacher and their class, a learner the sign-in requests name, and one who asks for help. */
  readonly teacher: Session;
  readonly classId: string;
  readonly joinCode: string;
  readonly pupil: { readonly id: string; readonly secret: string };
  readonly learner: Session;
}

/** Shortens long values so a failing case prints readably (fast-check prints it with its seed). */
const clip = (text: string, length = 160) =>
  text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text;

function describeRequest(request: RawRequest): string {
  const body = typeof request.body === 'string' ? ` body ${JSON.stringify(clip(request.body))}` : '';
  return `${request.method} ${clip(request.path)} headers ${clip(JSON.stringify(request.headers ?? {}), 300)}${body}`;
}

function fuzzRequest(request: RawRequest): RawRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
}

function withBody(method: string, path: string, authorization: string | null, body: Body): RawRequest {
  const headers: Record<string, string> = {};
  if (authorization !== null) headers.authorization = authorization;
  if (body.contentType !== null) headers['content-type'] = body.contentType;
  return fuzzRequest({ method, path, headers, body: body.text });
}

function withoutBody(method: string, path: string, headers: Record<string, string | null>): RawRequest {
  const present = Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null);
  return fuzzRequest({ method, path, headers: Object.fromEntries(present) });
}

/** A path segment where an id belongs: usually a real one, often junk, encoded or raw. */
function idSegment(realId: string): fc.Arbitrary<string> {
  // (Never empty: `/api/profiles/` is the list, a different endpoint.)
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(realId) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 2, arbitrary: hostileText.map(percentEncode).filter((segment) => segment.length > 0) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '%C0%AE%C0%AE',
        '..',
        '.',
        '%2e%2e',
        '..%2f..%2fetc%2fpasswd',
        '%00',
        `${realId}%00`,
        realId.toUpperCase(),
        ` ${realId}`.replace(' ', '%20'),
        'a'.repeat(500),
        "1'%20OR%20'1'='1",
      ),
    },
  );
}

/*
 * Plausible values: what a real client sends, so that requests get past validation and reach the
 * database. `field()` mixes them with hostile ones.
 */
const username = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }),
  // Around the limits, counted in UTF-16 units and in characters.
  fc.constantFrom('🤖', '𝒜', 'ab', '🤖🤖', 'a\u0301', 'x'.repeat(32), '🤖'.repeat(32), '🤖'.repeat(17), 'x'.repeat(33)),
);
const bio = fc.string({ unit: 'grapheme', maxLength: 400 });
const projectId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROJECT_IDS) },
  { weight: 1, arbitrary: fc.constantFrom(0, 10, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, -0) },
);
const email = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}([._+-][a-z0-9]{1,6})?$/), fc.stringMatching(/^[a-z0-9]{1,10}$/))
      .map(([local, domain]) => `${local}@${domain}.test`),
  },
  { weight: 1, arbitrary: fc.emailAddress().map((address) => `  ${address.toUpperCase()} `) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "x' OR 1=1 --@example.test",
      '<script>@example.test',
      'a@b',
      'a@example.test\u0000',
      '\u202Ea@example.test',
    ),
  },
);
const password = fc.oneof(
  fc.string({ unit: 'binary', minLength: 6, maxLength: 40 }),
  fc.constant('correct horse battery'),
);

const GRANT_QUERIES = [
  '?grant_type=password',
  '?grant_type=refresh_token',
  '?grant_type=password&grant_type=refresh_token',
  '?grant_type=refresh_token&grant_type=password',
  '?grant_type=',
  '?grant_type',
  '?GRANT_TYPE=password',
  '?grant_type=Password',
  '?grant_type=%70assword',
  '?grant_type=password%00',
  '?grant_type[]=password',
  '?grant_type=password&admin=true',
  '',
];

const API_PATHS = [
  '/api',
  '/api/',
  '/api/health',
  '/api/profiles',
  '/api/bookmarks',
  '/api/bookmarks/1',
  '/api/auth/signup',
  '/api/auth/token',
  '/api/auth/logout',
  '/api/auth/user',
  '/api/auth/jwks',
  '/api/realtime/profiles',
  '/api/auth/settings',
  '/api/auth/recover',
  '/api/auth/reset',
  '/api/account',
  '/api/account/password',
  '/api/account/export',
  '/api/admin/members',
  '/api/admin/members/00000000-0000-4000-8000-000000000000',
  '/api/admin/members/00000000-0000-4000-8000-000000000000/moderation',
  '/api/admin/members/00000000-0000-4000-8000-000000000000/suspension',
  '/api/admin/members/00000000-0000-4000-8000-000000000000/role',
  '/api/admin/members/00000000-0000-4000-8000-000000000000/reset-links',
  '/api/admin/audit',
  '/api/../api/health',
  '/api//profiles',
  '/API/health',
  '/api/health/',
  '/api/health%2f..',
];

/** A class's or a learner's name: usually plausible, sometimes over the limit, blank or full of control characters. */
const className = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '   ', 'x'.repeat(61), 'a\u0000b', 'a\u202eb', 'Lovelace, Ada', '🤖'.repeat(30)),
  },
);

/** An administrator's reason: usually plausible, sometimes over the limit, blank or full of control characters. */
const reason = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', 'x'.repeat(501), 'a\u0000b', 'line\nbreak', '🤖'.repeat(250)) },
);

function endpoints(context: FuzzContext): Record<EndpointName, Endpoint> {
  const { owner, leaver, refresher, admin, moderated, changer, quitter, resetTokens } = context;
  const { teacher, classId, joinCode, pupil, learner } = context;
  const teacherAuth = authorizationFor(teacher.access_token);
  const adminAuth = authorizationFor(admin.access_token);
  const ownerAuth = authorizationFor(owner.access_token);
  const extraHeaders = fc.record(
    { accept: headerText, 'x-forwarded-for': headerText, cookie: headerText, 'accept-encoding': headerText },
    { requiredKeys: [] },
  );
  return {
    'GET /api/health': {
      success: healthSchema,
      acceptsAnything: true,
      requests: fc
        .tuple(fc.constantFrom('GET', 'HEAD'), junkQuery, extraHeaders)
        .map(([method, query, headers]) => withoutBody(method, `/api/health${query}`, headers)),
    },
    'GET /api/profiles': {
      success: publicProfileListSchema,
      requests: fc
        .tuple(junkQuery, extraHeaders)
        .map(([query, headers]) => withoutBody('GET', `/api/profiles${query}`, headers)),
    },
    'GET /api/profiles/:id': {
      success: publicProfileSchema,
      requests: fc
        .tuple(idSegment(owner.user.id), junkQuery)
        .map(([id, query]) => withoutBody('GET', `/api/profiles/${id}${query}`, {})),
    },
    'PATCH /api/profiles/:id': {
      success: publicProfileSchema,
      requests: fc
        .tuple(
          idSegment(owner.user.id),
          ownerAuth,
          hostileBody(
            fc.record(
              { username: field(username), bio: field(bio), show_email: field(fc.boolean()) },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([id, auth, body]) => withBody('PATCH', `/api/profiles/${id}`, auth, body)),
    },
    'GET /api/bookmarks': {
      success: bookmarkListSchema,
      requests: fc
        .tuple(ownerAuth, junkQuery)
        .map(([auth, query]) => withoutBody('GET', `/api/bookmarks${query}`, { authorization: auth })),
    },
    'POST /api/bookmarks': {
      success: bookmarkSchema,
      requests: fc
        .tuple(ownerAuth, hostileBody(fc.record({ project_id: field(projectId) }, { requiredKeys: [] })))
        .map(([auth, body]) => withBody('POST', '/api/bookmarks', auth, body)),
    },
    'DELETE /api/bookmarks/:project_id': {
      requests: fc
        .tuple(
          ownerAuth,
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...PROJECT_IDS).map(String) },
            { weight: 2, arbitrary: idSegment('5') },
            { weight: 1, arbitrary: fc.constantFrom('01', '1e0', '0x1', '+1', '1.0', '9'.repeat(400), '-0') },
          ),
        )
        .map(([auth, id]) => withoutBody('DELETE', `/api/bookmarks/${id}`, { authorization: auth })),
    },
    'POST /api/auth/signup': {
      success: signUpResponseSchema,
      requests: hostileBody(
        fc.record(
          {
            email: field(email),
            password: field(password),
            redirect_to: field(fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', '//evil.test', 'data:,x'))),
          },
          { requiredKeys: ['email', 'password'] },
        ),
      ).map((body) => withBody('POST', '/api/auth/signup', null, body)),
    },
    'POST /api/auth/token': {
      success: sessionSchema,
      requests: fc
        .tuple(
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('?grant_type=password', '?grant_type=refresh_token') },
            { weight: 3, arbitrary: fc.constantFrom(...GRANT_QUERIES) },
            { weight: 1, arbitrary: hostileText.map((grant) => `?grant_type=${percentEncode(grant)}`) },
          ),
          hostileBody(
            fc.oneof(
              fc.record(
                {
                  email: field(fc.oneof(email, fc.constant(refresher.user.email))),
                  password: field(password),
                },
                { requiredKeys: [] },
              ),
              fc.record(
                { refresh_token: field(fc.constantFrom(refresher.refresh_token, `${refresher.refresh_token}x`)) },
                { requiredKeys: [] },
              ),
            ),
          ),
        )
        .map(([query, body]) => withBody('POST', `/api/auth/token${query}`, null, body)),
    },
    'POST /api/auth/logout': {
      requests: fc
        .tuple(authorizationFor(leaver.access_token), fc.constantFrom('', '{}', '{"scope":"global"}'))
        .map(([auth, text]) =>
          withBody('POST', '/api/auth/logout', auth, { contentType: text ? 'application/json' : null, text }),
        ),
    },
    'GET /api/auth/user': {
      success: userResponseSchema,
      requests: fc
        .tuple(ownerAuth, junkQuery)
        .map(([auth, query]) => withoutBody('GET', `/api/auth/user${query}`, { authorization: auth })),
    },
    'GET /api/auth/jwks': {
      success: jwksSchema,
      acceptsAnything: true,
      requests: junkQuery.map((query) => withoutBody('GET', `/api/auth/jwks${query}`, {})),
    },
    'GET /api/realtime/profiles': {
      requests: fc
        .tuple(fc.option(headerText), junkQuery)
        .map(([lastEventId, query]) =>
          withoutBody('GET', `/api/realtime/profiles${query}`, { 'last-event-id': lastEventId }),
        ),
    },
    'GET /api/admin/members': {
      success: adminMemberPageSchema,
      showsEmails: true,
      requests: fc
        .tuple(
          adminAuth,
          fc.oneof(
            junkQuery,
            fc
              .tuple(fc.option(hostileText), fc.option(fc.oneof(fc.nat(3).map(String), hostileText)))
              .map(([q, page]) => {
                const params = [
                  q === null ? '' : `q=${percentEncode(q)}`,
                  page === null ? '' : `page=${percentEncode(page)}`,
                ];
                return `?${params.filter(Boolean).join('&')}`;
              }),
          ),
        )
        .map(([auth, query]) => withoutBody('GET', `/api/admin/members${query}`, { authorization: auth })),
    },
    'POST /api/admin/members/:id/moderation': {
      success: adminMemberSchema,
      requests: fc
        .tuple(
          idSegment(moderated.user.id),
          adminAuth,
          hostileBody(
            fc.record(
              {
                action: field(fc.constantFrom('clear_username', 'clear_bio', 'hide', 'unhide', 'ban', 'HIDE')),
                reason: field(reason),
              },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([id, auth, body]) => withBody('POST', `/api/admin/members/${id}/moderation`, auth, body)),
    },
    'PUT /api/account/password': {
      requests: fc
        .tuple(
          authorizationFor(changer.access_token),
          hostileBody(
            fc.record(
              { current_password: field(fc.constant('correct horse battery')), new_password: field(password) },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([auth, body]) => withBody('PUT', '/api/account/password', auth, body)),
    },
    'DELETE /api/account': {
      requests: fc
        .tuple(
          authorizationFor(quitter.access_token),
          hostileBody(fc.record({ password: field(fc.constant('correct horse battery')) }, { requiredKeys: [] })),
        )
        .map(([auth, body]) => withBody('DELETE', '/api/account', auth, body)),
    },
    'POST /api/auth/reset': {
      success: sessionSchema,
      requests: hostileBody(
        fc.record(
          { token: field(fc.constantFrom(...resetTokens, 'never-issued')), password: field(password) },
          { requiredKeys: [] },
        ),
      ).map((body) => withBody('POST', '/api/auth/reset', null, body)),
    },
    'POST /api/classes': {
      success: classSummarySchema,
      requests: fc
        .tuple(teacherAuth, hostileBody(fc.record({ name: field(className) }, { requiredKeys: [] })))
        .map(([auth, body]) => withBody('POST', '/api/classes', auth, body)),
    },
    'POST /api/classes/:id/learners': {
      success: addedLearnersSchema,
      requests: fc
        .tuple(
          idSegment(classId),
          teacherAuth,
          hostileBody(
            fc.record({ names: field(fc.array(className, { minLength: 0, maxLength: 2 })) }, { requiredKeys: [] }),
          ),
        )
        .map(([id, auth, body]) => withBody('POST', `/api/classes/${id}/learners`, auth, body)),
    },
    'GET /api/classes/:id/community': {
      success: classCommunitySchema,
      requests: fc
        .tuple(idSegment(classId), teacherAuth, junkQuery)
        .map(([id, auth, query]) =>
          withoutBody('GET', `/api/classes/${id}/community${query}`, { authorization: auth }),
        ),
    },
    'POST /api/class-sign-in/:code': {
      success: sessionSchema,
      requests: fc
        .tuple(
          fc.oneof(
            {
              weight: 6,
              arbitrary: fc.constantFrom(
                joinCode,
                joinCode.toLowerCase(),
                `${joinCode.slice(0, 4)}-${joinCode.slice(4)}`,
              ),
            },
            { weight: 2, arbitrary: idSegment('ZZZZZZZZ') },
          ),
          hostileBody(
            fc.record(
              {
                learner_id: field(
                  fc.oneof({ weight: 5, arbitrary: fc.constant(pupil.id) }, { weight: 1, arbitrary: fc.uuid() }),
                ),
                secret: field(
                  fc.oneof({ weight: 5, arbitrary: fc.constant(pupil.secret) }, { weight: 1, arbitrary: password }),
                ),
              },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([code, body]) => withBody('POST', `/api/class-sign-in/${code}`, null, body)),
    },
    'POST /api/learner/help': {
      success: learnerClassSchema,
      requests: fc
        .tuple(
          authorizationFor(learner.access_token),
          hostileBody(
            fc.record(
              {
                project_id: field(projectId),
                step: field(fc.oneof(fc.nat(12), fc.constantFrom(-1, 1.5, 100, 1e308))),
              },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([auth, body]) => withBody('POST', '/api/learner/help', auth, body)),
    },
    'any method on any API path': {
      requests: fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'HEAD'),
          fc.constantFrom(...API_PATHS),
          fc.oneof(
            fc.constant(''),
            hostileText.map((text) => `/${percentEncode(text)}`),
          ),
          ownerAuth,
          hostileBody(fc.dictionary(hostileText, hostileText, { maxKeys: 3 })),
        )
        .map(([method, path, suffix, auth, body]) =>
          method === 'GET' || method === 'HEAD'
            ? withoutBody(method, `${path}${suffix}`, { authorization: auth })
            : withBody(method, `${path}${suffix}`, auth, body),
        ),
    },
  };
}

/**
 * Markers of internals that leaked into an answer: a stack frame, a source or package path, a
 * database error code. (SQL words are no marker here: error messages may quote the caller's input.)
 */
const INTERNALS = /\\n\s+at |node_modules|\/src\/server\/|\.ts:\d|SQLITE_|ERR_[A-Z_]{4,}/;

/** The rules every API answer keeps, whatever was sent. */
function expectOrderlyAnswer(endpoint: Endpoint, request: RawRequest, answer: RawResponse, hiddenEmail: string) {
  const where = describeRequest(request);
  expect(answer.status, where).toBeGreaterThanOrEqual(200);
  expect(answer.status, where).toBeLessThan(500);
  expect(answer.status < 300 || answer.status >= 400, `no redirects: ${where}`).toBe(true);
  // Never the e-mail of a member who did not opt in, a password hash or a private key.
  if (!endpoint.showsEmails) expect(answer.text, where).not.toContain(hiddenEmail);
  expect(answer.text, where).not.toContain('$argon2');
  expect(answer.text, where).not.toMatch(/"d":"/); // the private part of a signing key
  if (request.method === 'HEAD' || answer.streamed) return;
  if (answer.status >= 400) {
    expect(answer.headers['content-type'], where).toMatch(/^application\/json/);
    const error = apiErrorSchema.safeParse(JSON.parse(answer.text));
    expect(error.success, `error shape: ${answer.text.slice(0, 200)} for ${where}`).toBe(true);
    expect(answer.text, where).not.toMatch(INTERNALS);
  } else if (endpoint.success && answer.status !== 204) {
    const parsed = endpoint.success.safeParse(JSON.parse(answer.text));
    expect(parsed.success, `answer shape: ${answer.text.slice(0, 200)} for ${where}`).toBe(true);
  }
}

/** A teacher with a class of two learners: one whose sign-in the fuzzer tries, one signed in to ask for help. */
async function classMode(server: TestServer) {
  const teacher = await newTeacher(server);
  const klass = await createClass(server, teacher, 'Fuzzed class');
  const [pupil, asker] = await addLearners(server, teacher, klass.id, ['Pupil Fuzzed', 'Asker Fuzzed']);
  if (!pupil || !asker) throw new Error('no learners');
  return {
    teacher,
    classId: klass.id,
    joinCode: klass.join_code,
    pupil: { id: pupil.id, secret: pupil.secret },
    learner: await learnerSession(server, klass.join_code, asker),
  };
}

describeEachDatabase('hostile input to every API endpoint', UNLIMITED, (test) => {
  let context: FuzzContext;
  let hiddenEmail: string;
  const statusesSeen = new Map<EndpointName, Set<number>>();

  test.beforeAll(async ({ server }) => {
    const shy = await signUpAndSignIn(server);
    hiddenEmail = shy.user.email;
    const admin = await signUpAndSignIn(server);
    await server.app.repos.administration.setRole(null, admin.user.id, 'admin', 'fuzzing');
    const resetTokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const member = await signUpAndSignIn(server);
      resetTokens.push((await server.app.repos.passwordResets.create(member.user.id, null)).token);
    }
    context = {
      owner: await signUpAndSignIn(server),
      leaver: await signUpAndSignIn(server),
      refresher: await signUpAndSignIn(server),
      admin,
      moderated: await signUpAndSignIn(server),
      changer: await signUpAndSignIn(server),
      quitter: await signUpAndSignIn(server),
      resetTokens,
      ...(await classMode(server)),
    };
  });

  // One property per endpoint, in order, then the checks of what they left behind.
  test.for(ENDPOINTS)(
    '%s: never a 5xx, a hang or a malformed error',
    { timeout: timeLimitMs(30_000) },
    async (name, { server }) => {
      const endpoint = endpoints(context)[name];
      const seen = new Set<number>();
      statusesSeen.set(name, seen);
      await fc.assert(
        fc.asyncProperty(endpoint.requests, async (hostile) => {
          const answer = await sendRaw(server.baseUrl, hostile, ANSWER_TIMEOUT_MS);
          seen.add(answer.status);
          expectOrderlyAnswer(endpoint, hostile, answer, hiddenEmail);
        }),
        fuzzOptions(RUNS_PER_ENDPOINT),
      );
    },
  );

  test.for<[name: string, status: number]>([
    ['🤖', 400],
    ['𝒜', 400],
    ['x', 400],
    ['🤖🤖', 200],
    ['🤖'.repeat(32), 200],
    ['🤖'.repeat(33), 400],
  ])('counts the username %s in characters, as the database does', async ([name, status], { server }) => {
    // A member of its own: the fuzzer may have signed the owner out.
    const member = await signUpAndSignIn(server);
    const res = await request(server, `/api/profiles/${member.user.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${member.access_token}` },
      json: { username: name },
    });
    expect(res.status).toBe(status);
    expect(await findInvalidRows(server.app.database)).toEqual([]);
  });

  test('reached every endpoint: each accepted some requests and refused others', () => {
    const all = endpoints(context);
    const missed = ENDPOINTS.flatMap((name) => {
      const statuses = [...(statusesSeen.get(name) ?? [])];
      const gaps = [];
      if (!statuses.some((status) => status < 300)) gaps.push(`${name}: nothing accepted`);
      if (!all[name].acceptsAnything && !statuses.some((status) => status >= 400))
        gaps.push(`${name}: nothing refused`);
      return gaps;
    });
    expect(missed).toEqual([]);
  });

  test('left only valid rows in the database', async ({ server }) => {
    expect(await findInvalidRows(server.app.database)).toEqual([]);
    // The fuzzer did write: members signed up, profiles and bookmarks changed.
    const profiles = await request(server, '/api/profiles');
    expect(publicProfileListSchema.parse(profiles.body).length).toBeGreaterThan(4);
  });

  test('the row check reports rows that break the rules', async ({ server }) => {
    const db = server.app.database.db;
    const broken = await insertMember(server.app.database, {
      email: 'Mixed.Case@Example.test',
      username: 'x',
      bio: ' padded ',
    });
    const hidden = await insertMember(server.app.database, { username: 'bell\u0007ringer' });
    await db.updateTable('profiles').set({ email: 'someone.else@example.test' }).where('id', '=', hidden).execute();
    try {
      const problems = await findInvalidRows(server.app.database);
      expect(problems.some((p) => p.startsWith('username not null') && p.includes(broken))).toBe(true);
      expect(problems.some((p) => p.startsWith('username without control') && p.includes(hidden))).toBe(true);
      expect(problems.some((p) => p.startsWith('bio null') && p.includes(broken))).toBe(true);
      expect(problems.some((p) => p.startsWith('account e-mail') && p.includes(broken))).toBe(true);
      expect(problems.some((p) => p.startsWith('profile e-mail') && p.includes(hidden))).toBe(true);
    } finally {
      await db.deleteFrom('profile_changes').where('profile_id', 'in', [broken, hidden]).execute();
      await db.deleteFrom('profiles').where('id', 'in', [broken, hidden]).execute();
      await db.deleteFrom('users').where('id', 'in', [broken, hidden]).execute();
    }
  });
});

/** Ways to climb out of a folder, as browsers, proxies and old servers have decoded them. */
const CLIMB = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '..;',
  '...',
  '....',
  '%u002e%u002e',
];
const SEPARATOR = ['/', '%2f', '%2F', '%5c', '\\', '//', '%252f', '/./', '%c0%af'];
const START = ['/', '/assets/', '/about/', '/assets/../', '/favicon.svg/', '/%2e/', '/api/../'];
const TARGET = [
  'etc/passwd',
  'package.json',
  'secret.txt',
  'page-manifest.json',
  'build/secret.txt',
  'client/.env',
  '.env',
  'proc/self/environ',
  'secret.txt%00.js',
  'secret.txt%00',
];

const NAMED_TRAVERSALS = [
  '/..%2f..%2fetc/passwd',
  '/assets/../../package.json',
  '/assets/..%2f..%2fpackage.json',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/assets/%252e%252e/%252e%252e/package.json',
  '/..\\..\\secret.txt',
  '/%2e%2e%5csecret.txt',
  '/../secret.txt',
  '/../../secret.txt',
  '//etc/passwd',
  '/.env',
  '/assets/.env',
  '/%2eenv',
  '/page-manifest.json',
  '/../page-manifest.json',
  '/assets/app-abc123.js/../../secret.txt',
  '/favicon.svg%00.html',
  '/assets/app-abc123.js.gz',
];

const build = writeFixtureWebBuild();
afterAll(() => build.remove());
const staticTest = serverTest('sqlite', { webRoot: build.webRoot });

describe('hostile static paths', () => {
  const decoded = (answer: RawResponse): string => {
    const encoding = answer.headers['content-encoding'];
    if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
    return answer.text;
  };

  /** Only files inside the web root and the app's pages (or its 404 shell) ever leave the server. */
  const expectNothingOutsideTheWebRoot = (path: string, answer: RawResponse) => {
    const body = decoded(answer);
    expect(answer.status, path).toBeLessThan(500);
    for (const marker of build.secretMarkers) expect(body, `${path} leaked ${marker}`).not.toContain(marker);
    if (answer.status === 200 && !String(answer.headers['content-type']).startsWith('text/html')) {
      expect([...build.servedFiles.values()], path).toContain(body);
    }
  };

  staticTest.for(NAMED_TRAVERSALS)('%s serves nothing from outside the web root', async (path, { server }) => {
    for (const encoding of ['identity', 'gzip, br']) {
      const answer = await sendRaw(server.baseUrl, {
        method: 'GET',
        path,
        headers: { 'accept-encoding': encoding },
      });
      expectNothingOutsideTheWebRoot(path, answer);
    }
  });

  staticTest('the checks see a served file (they can tell a leak from a 404)', async ({ server }) => {
    const answer = await sendRaw(server.baseUrl, { method: 'GET', path: '/assets/app-abc123.js' });
    expect(answer.status).toBe(200);
    expect(build.servedFiles.get('/assets/app-abc123.js')).toBe(decoded(answer));
  });

  staticTest(
    'generated traversal paths never reach a file outside the web root',
    async ({ server }) => {
      const traversal = fc
        .tuple(
          fc.constantFrom(...START),
          fc.array(fc.tuple(fc.constantFrom(...CLIMB), fc.constantFrom(...SEPARATOR)), { minLength: 1, maxLength: 6 }),
          fc.constantFrom(...TARGET),
          fc.constantFrom('GET', 'HEAD'),
          fc.constantFrom('identity', 'gzip', 'br', 'gzip, br'),
        )
        .map(([start, climbs, target, method, encoding]) => ({
          method,
          path: `${start}${climbs.map(([climb, separator]) => `${climb}${separator}`).join('')}${target}`,
          headers: { 'accept-encoding': encoding },
        }));
      await fc.assert(
        fc.asyncProperty(traversal, async (hostile) => {
          const answer = await sendRaw(server.baseUrl, hostile, ANSWER_TIMEOUT_MS);
          expectNothingOutsideTheWebRoot(hostile.path, answer);
        }),
        fuzzOptions(STATIC_RUNS),
      );
    },
    timeLimitMs(30_000),
  );
});
