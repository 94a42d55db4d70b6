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
  classDetailSchema,
  classListSchema,
  classProgressSchema,
  classSignInPageSchema,
  classSummarySchema,
  helpQueueSchema,
  helpSketchSchema,
  learnerClassSchema,
  learnerExportSchema,
  learnerProgressSchema,
  learnerSchema,
  learnerWithSecretSchema,
} from '#shared/schemas/classes.ts';
import { healthSchema } from '#shared/schemas/health.ts';
import { publicProfileListSchema, publicProfileSchema } from '#shared/schemas/profile.ts';
import { compiledSketchSchema } from '#shared/schemas/sketch-compile.ts';
import { sketchSchema } from '#shared/schemas/sketches.ts';
import { addLearners, createClass, learnerSession, newTeacher } from '#test/classes.ts';
import { findInvalidRows } from '#test/database-invariants.ts';
import { writeFixtureWebBuild } from '#test/fixture-web-build.ts';
import { insertMember } from '#test/fixtures.ts';
import { forgeTokens } from '#test/forged-tokens.ts';
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

/**
 * Runs per endpoint: 23 endpoints make ~2,100 requests per database in `npm test`, ~32,000 under
 * SOAK; the 20 class calls of `CLASS_ENDPOINTS` set fewer each, ~360 more (~6,000 under SOAK).
 */
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

/** The class calls besides the four listed in `ENDPOINTS`: every other one with input that can be wrong. */
const CLASS_ENDPOINTS = [
  'GET /api/classes',
  'GET /api/classes/:id',
  'PATCH /api/classes/:id',
  'DELETE /api/classes/:id',
  'POST /api/classes/:id/teachers',
  'DELETE /api/classes/:id/teachers/:teacherId',
  'PATCH /api/classes/:id/learners/:learnerId',
  'DELETE /api/classes/:id/learners/:learnerId/lock',
  'POST /api/classes/:id/learners/:learnerId/secret',
  'GET /api/classes/:id/learners/:learnerId/export',
  'GET /api/classes/:id/learners/:learnerId/progress',
  'DELETE /api/classes/:id/learners/:learnerId',
  'GET /api/classes/:id/progress',
  'GET /api/classes/:id/progress.csv',
  'GET /api/classes/:id/help',
  'POST /api/classes/:id/help/:requestId',
  'GET /api/classes/:id/help/:requestId/sketch',
  'GET /api/realtime/classes/:id',
  'GET /api/class-sign-in/:code',
  'GET /api/learner/class',
  'DELETE /api/learner/help',
  // Last: it ends every learner's sessions, the fuzzer's learner's among them.
  'POST /api/classes/:id/learners/secrets',
] as const;
type ClassEndpointName = (typeof CLASS_ENDPOINTS)[number];

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
  'PUT /api/sketches/tutorials/:slug',
  'PUT /api/sketches/:id',
  'POST /api/sketches/compile',
  ...CLASS_ENDPOINTS,
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
  /** Runs of this endpoint, when not `RUNS_PER_ENDPOINT`. */
  readonly runs?: number;
  /** What a refused request must leave as it was: read after every request, compared across each refusal. */
  readonly state?: (server: TestServer) => Promise<string>;
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
  /** What the other class calls act on (`classTargets`). */
  readonly classTargets: ClassTargets;
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
    'PUT /api/sketches/tutorials/:slug': {
      success: sketchSchema,
      requests: fc
        .tuple(
          ownerAuth,
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('plant-watering-robot', 'line-following-robot') },
            { weight: 1, arbitrary: idSegment('plant-watering-robot') },
          ),
          hostileBody(
            fc.record(
              {
                source: field(fc.string({ maxLength: 200 })),
                base_revision: field(fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 5 }))),
              },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([auth, slug, body]) => withBody('PUT', `/api/sketches/tutorials/${slug}`, auth, body)),
    },
    'PUT /api/sketches/:id': {
      success: sketchSchema,
      requests: fc
        .tuple(
          ownerAuth,
          idSegment('0b7c6d5e-4f3a-4b2c-9d1e-0f1a2b3c4d5e'),
          hostileBody(
            fc.record(
              {
                name: field(fc.string({ maxLength: 80 })),
                circuit: field(fc.constantFrom('trainer', 'plant-watering-robot', 'mars')),
                source: field(fc.string({ maxLength: 200 })),
                base_revision: field(fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 5 }))),
              },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([auth, id, body]) => withBody('PUT', `/api/sketches/${id}`, auth, body)),
    },
    'POST /api/sketches/compile': {
      success: compiledSketchSchema,
      // Each accepted request runs the real compiler (or meets the account's rate): fewer runs.
      runs: runCount(40, 300),
      requests: fc
        .tuple(
          ownerAuth,
          hostileBody(
            fc.record(
              {
                board: field(fc.constantFrom('uno', 'nano', 'mega')),
                source: field(
                  fc.oneof(fc.constant('void setup() {}\nvoid loop() {}\n'), fc.string({ maxLength: 200 })),
                ),
              },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([auth, body]) => withBody('POST', '/api/sketches/compile', auth, body)),
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
                sketch_id: field(fc.oneof(fc.uuid(), fc.constantFrom('', 'not-a-uuid'))),
              },
              { requiredKeys: [] },
            ),
          ),
        )
        .map(([auth, body]) => withBody('POST', '/api/learner/help', auth, body)),
    },
    ...classEndpoints(context),
    'any method on any API path': {
      // Now and then a plain GET of the health check: whatever the seed, something here is accepted.
      requests: fc.oneof(
        {
          weight: 19,
          arbitrary: fc
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
        { weight: 1, arbitrary: fc.constant(withoutBody('GET', '/api/health', {})) },
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

/*
 * The other class calls (`CLASS_ENDPOINTS`): each answers hostile input with a 4xx and changes
 * nothing (`classRecords` before and after every refusal), and never reaches another teacher's class.
 */

/** What the class calls act on, beside the class, teacher and learner of `classMode`. */
interface ClassTargets {
  /** Learners of the class: renamed; locked, then unlocked and given new words; deleted (each once). */
  readonly renamee: string;
  readonly lockee: string;
  readonly doomedLearners: readonly string[];
  /** Open help requests of the class (answered, then gone). */
  readonly helpRequests: readonly number[];
  /** An open help request about a learner's own blocks sketch (issue 33). */
  readonly sketchHelpRequest: number;
  /** A co-teacher the calls remove (and add back), and a member who is no teacher. */
  readonly coTeacher: { readonly id: string; readonly email: string };
  readonly member: { readonly id: string; readonly email: string };
  /** A class of the teacher's that the calls rename, archive and bring back. */
  readonly patchedClassId: string;
  /** Classes of the teacher's that the calls may delete (each once), with their names. */
  readonly doomedClasses: readonly { readonly id: string; readonly name: string }[];
  /** Another teacher's class: its ids stand in for the class's, and nothing of it may change. */
  readonly other: {
    readonly classId: string;
    readonly name: string;
    readonly joinCode: string;
    readonly teacherId: string;
    readonly learnerId: string;
    readonly helpRequest: number;
    /** `classRecords` of it before the fuzzing. */
    readonly records: string;
  };
  /** Tokens that must not act as the teacher: forged ones, and those of a member, a learner and another teacher. */
  readonly strangerTokens: readonly string[];
}

async function classTargets(server: TestServer, mode: Awaited<ReturnType<typeof classMode>>): Promise<ClassTargets> {
  const { teacher, classId, learner } = mode;
  const { repos, classSignIns, classConfig } = server.app;
  const added = await addLearners(server, teacher, classId, [
    'Renamed Fuzzed',
    'Locked Fuzzed',
    'Doomed One',
    'Doomed Two',
    'Doomed Three',
  ]);
  const [renamee, lockee, ...doomedLearners] = added.map((entry) => entry.id);
  if (!renamee || !lockee) throw new Error('no learners');
  // Locked as wrong secret words lock a learner, from an address the fuzzer does not use.
  for (let i = 0; i < classConfig.failuresPerLearner.max; i++) await classSignIns.attempt(lockee, classId, '192.0.2.1');
  if (!(await classSignIns.isLocked(lockee))) throw new Error('the learner is not locked');
  await repos.classes.askForHelp(renamee, { projectId: PROJECT_IDS[0] ?? 1, step: 0 });
  await repos.classes.askForHelp(lockee, { projectId: PROJECT_IDS[1] ?? 2, step: 1 });
  const helpRequests = (await repos.classes.helpQueue(classId)).map((entry) => Number(entry.id));
  // A learner waiting with a blocks sketch of their own, whose request no other call answers.
  const [sketcher] = await addLearners(server, teacher, classId, ['Sketch Fuzzed']);
  if (!sketcher) throw new Error('no learner');
  const at = new Date().toISOString();
  const sketchId = crypto.randomUUID();
  await server.app.database.db
    .insertInto('sketches')
    .values({
      id: sketchId,
      user_id: sketcher.id,
      kind: 'own',
      circuit: 'trainer',
      name: 'Fuzzed blocks',
      source: 'void setup() {}\nvoid loop() {}\n',
      blocks: '{"blocks":{"languageVersion":0,"blocks":[]}}',
      revision: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await repos.classes.askForHelp(sketcher.id, { sketchId });
  const sketchHelp = (await repos.classes.helpQueue(classId)).find((entry) => entry.sketch?.id === sketchId);
  if (!sketchHelp) throw new Error('no help request about a sketch');

  const coTeacher = await newTeacher(server);
  const coTeaching = await request(server, `/api/classes/${classId}/teachers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${teacher.access_token}` },
    json: { email: coTeacher.user.email },
  });
  if (coTeaching.status !== 200) throw new Error(`co-teacher not added: ${coTeaching.status} ${coTeaching.text}`);
  const member = await signUpAndSignIn(server);
  const patched = await createClass(server, teacher, 'Patched Fuzzed');
  const doomedClasses = [];
  for (const name of ['Doomed class one', 'Doomed class two', 'Doomed class three']) {
    doomedClasses.push({ id: (await createClass(server, teacher, name)).id, name });
  }

  const otherTeacher = await newTeacher(server);
  const otherClass = await createClass(server, otherTeacher, 'Another teacher’s class');
  const [otherLearner] = await addLearners(server, otherTeacher, otherClass.id, ['Someone Else']);
  if (!otherLearner) throw new Error('no learner');
  await repos.classes.askForHelp(otherLearner.id, { projectId: PROJECT_IDS[0] ?? 1, step: 2 });
  const [otherHelp] = await repos.classes.helpQueue(otherClass.id);
  if (!otherHelp) throw new Error('no help request');
  const forged = await forgeTokens(server, teacher, otherTeacher);

  return {
    renamee,
    lockee,
    doomedLearners,
    helpRequests,
    sketchHelpRequest: Number(sketchHelp.id),
    coTeacher: { id: coTeacher.user.id, email: coTeacher.user.email },
    member: { id: member.user.id, email: member.user.email },
    patchedClassId: patched.id,
    doomedClasses,
    other: {
      classId: otherClass.id,
      name: otherClass.name,
      joinCode: otherClass.join_code,
      teacherId: otherTeacher.user.id,
      learnerId: otherLearner.id,
      helpRequest: Number(otherHelp.id),
      records: await classRecords(server, otherClass.id),
    },
    strangerTokens: [...Object.values(forged), member.access_token, learner.access_token, otherTeacher.access_token],
  };
}

/**
 * Everything of class mode a call could change, as one text: the classes, their teachers,
 * learners (their accounts, sessions and locks), help requests, class events and the audit log's
 * length; of one class only when `classId` is given.
 */
async function classRecords(server: TestServer, classId?: string): Promise<string> {
  const { db } = server.app.database;
  const one = classId ?? '';
  const only = classId !== undefined;
  const learners = await db
    .selectFrom('learners')
    .selectAll()
    .$if(only, (query) => query.where('class_id', '=', one))
    .orderBy('id')
    .execute();
  const ids = learners.map((learner) => learner.id);
  const [classes, teachers, accounts, sessions, help, events, audit, locked] = await Promise.all([
    db
      .selectFrom('classes')
      .selectAll()
      .$if(only, (query) => query.where('id', '=', one))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('class_teachers')
      .selectAll()
      .$if(only, (query) => query.where('class_id', '=', one))
      .orderBy('class_id')
      .orderBy('teacher_id')
      .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('users')
          .select(['id', 'password_hash', 'updated_at', 'suspended_at'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('refresh_tokens')
          .select(['id', 'revoked', 'used_at'])
          .where('user_id', 'in', ids)
          .orderBy('id')
          .execute(),
    db
      .selectFrom('help_requests')
      .selectAll()
      .$if(only, (query) => query.where('class_id', '=', one))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('class_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .$if(only, (query) => query.where('class_id', '=', one))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .$if(only, (query) => query.where('target_id', '=', one))
      .executeTakeFirstOrThrow(),
    Promise.all(ids.map((id) => server.app.classSignIns.isLocked(id))),
  ]);
  return JSON.stringify({
    classes,
    teachers,
    learners,
    accounts,
    sessions,
    help,
    locked,
    events: Number(events.n),
    audit: Number(audit.n),
  });
}

/** An id where a class call names one: the one meant, often junk (`idSegment`), or one of another class. */
const idOr = (meant: string, ...others: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(meant) },
    { weight: 4, arbitrary: idSegment(meant) },
    { weight: 1, arbitrary: fc.constantFrom(...others) },
  );

function classEndpoints(context: FuzzContext): Record<ClassEndpointName, Endpoint> {
  const { teacher, classId, joinCode, learner, classTargets: targets } = context;
  const { other } = targets;
  // The teacher's token more often than `authorizationFor` alone gives it: few runs each here.
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${teacher.access_token}`) },
    { weight: 4, arbitrary: authorizationFor(teacher.access_token) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.strangerTokens).map((token) => `Bearer ${token}`) },
  );
  const learnerAuth = authorizationFor(learner.access_token);
  const classPath = idOr(classId, other.classId).map((id) => `/api/classes/${id}`);
  const learnerPath = (learnerId: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(`/api/classes/${classId}/learners/${learnerId}`) },
      {
        weight: 3,
        arbitrary: fc.tuple(classPath, idOr(learnerId, other.learnerId)).map(([path, id]) => `${path}/learners/${id}`),
      },
    );
  /** The body of a call that takes none: mostly none; a field in one is refused (`{}` is not). */
  const noBody = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ contentType: null, text: '' }) },
    { weight: 2, arbitrary: hostileBody(fc.record({ note: field(reason) }, { requiredKeys: [] })) },
  );
  const state = (server: TestServer) => classRecords(server);
  // Reads need fewer runs than changes: their only input is the path and the token.
  const reads = { runs: runCount(10, 200), state };
  const changes = { runs: runCount(25, 400), state };
  const get = (paths: fc.Arbitrary<string>) =>
    fc
      .tuple(paths, auth, junkQuery)
      .map(([path, authorization, query]) => withoutBody('GET', `${path}${query}`, { authorization }));
  return {
    'GET /api/classes': { ...reads, success: classListSchema, requests: get(fc.constant('/api/classes')) },
    'GET /api/classes/:id': { ...reads, success: classDetailSchema, requests: get(classPath) },
    'PATCH /api/classes/:id': {
      ...changes,
      success: classSummarySchema,
      requests: fc
        .tuple(
          idOr(targets.patchedClassId, other.classId),
          auth,
          hostileBody(fc.record({ name: field(className), archived: field(fc.boolean()) }, { requiredKeys: [] })),
        )
        .map(([id, authorization, body]) => withBody('PATCH', `/api/classes/${id}`, authorization, body)),
    },
    'DELETE /api/classes/:id': {
      ...changes,
      requests: fc
        .constantFrom(...targets.doomedClasses)
        .chain((doomed) =>
          fc.tuple(
            idOr(doomed.id, other.classId),
            auth,
            hostileBody(
              fc.record(
                {
                  confirm_name: field(
                    fc.oneof(
                      { weight: 4, arbitrary: fc.constantFrom(doomed.name, ` ${doomed.name} `) },
                      {
                        weight: 1,
                        arbitrary: fc.constantFrom(
                          doomed.name.toUpperCase(),
                          doomed.name.replace(' ', '  '),
                          other.name,
                          '',
                        ),
                      },
                    ),
                  ),
                },
                { requiredKeys: ['confirm_name'] },
              ),
            ),
          ),
        )
        .map(([id, authorization, body]) => withBody('DELETE', `/api/classes/${id}`, authorization, body)),
    },
    'POST /api/classes/:id/teachers': {
      ...changes,
      success: classSummarySchema,
      requests: fc
        .tuple(
          classPath,
          auth,
          hostileBody(
            fc.record(
              {
                email: field(
                  fc.oneof(
                    {
                      weight: 3,
                      arbitrary: fc.constantFrom(
                        targets.coTeacher.email,
                        ` ${targets.coTeacher.email.toUpperCase()} `,
                        teacher.user.email,
                        targets.member.email,
                      ),
                    },
                    { weight: 1, arbitrary: email },
                  ),
                ),
              },
              { requiredKeys: ['email'] },
            ),
          ),
        )
        .map(([path, authorization, body]) => withBody('POST', `${path}/teachers`, authorization, body)),
    },
    'DELETE /api/classes/:id/teachers/:teacherId': {
      ...changes,
      success: classSummarySchema,
      // Never the teacher's own id: removing themselves would end the class calls that follow.
      requests: fc
        .tuple(classPath, idOr(targets.coTeacher.id, other.teacherId, targets.member.id), auth, noBody)
        .map(([path, id, authorization, body]) => withBody('DELETE', `${path}/teachers/${id}`, authorization, body)),
    },
    'PATCH /api/classes/:id/learners/:learnerId': {
      ...changes,
      success: learnerSchema,
      requests: fc
        .tuple(
          learnerPath(targets.renamee),
          auth,
          hostileBody(fc.record({ display_name: field(className) }, { requiredKeys: ['display_name'] })),
        )
        .map(([path, authorization, body]) => withBody('PATCH', path, authorization, body)),
    },
    'DELETE /api/classes/:id/learners/:learnerId/lock': {
      ...changes,
      requests: fc
        .tuple(learnerPath(targets.lockee), auth, noBody)
        .map(([path, authorization, body]) => withBody('DELETE', `${path}/lock`, authorization, body)),
    },
    'POST /api/classes/:id/learners/:learnerId/secret': {
      ...changes,
      success: learnerWithSecretSchema,
      requests: fc
        .tuple(learnerPath(targets.lockee), auth, noBody)
        .map(([path, authorization, body]) => withBody('POST', `${path}/secret`, authorization, body)),
    },
    'GET /api/classes/:id/learners/:learnerId/export': {
      ...reads,
      success: learnerExportSchema,
      requests: get(learnerPath(learner.user.id).map((path) => `${path}/export`)),
    },
    'GET /api/classes/:id/learners/:learnerId/progress': {
      ...reads,
      success: learnerProgressSchema,
      requests: get(learnerPath(learner.user.id).map((path) => `${path}/progress`)),
    },
    'DELETE /api/classes/:id/learners/:learnerId': {
      ...changes,
      requests: fc
        .tuple(fc.constantFrom(...targets.doomedLearners).chain(learnerPath), auth, noBody)
        .map(([path, authorization, body]) => withBody('DELETE', path, authorization, body)),
    },
    'GET /api/classes/:id/progress': {
      ...reads,
      success: classProgressSchema,
      requests: get(classPath.map((path) => `${path}/progress`)),
    },
    'GET /api/classes/:id/progress.csv': { ...reads, requests: get(classPath.map((path) => `${path}/progress.csv`)) },
    'GET /api/classes/:id/help': {
      ...reads,
      success: helpQueueSchema,
      requests: get(classPath.map((path) => `${path}/help`)),
    },
    'GET /api/classes/:id/help/:requestId/sketch': {
      ...reads,
      success: helpSketchSchema,
      requests: get(
        fc
          .tuple(
            classPath,
            fc.oneof(
              { weight: 4, arbitrary: fc.constant(String(targets.sketchHelpRequest)) },
              { weight: 1, arbitrary: fc.constantFrom(...targets.helpRequests).map(String) },
              { weight: 1, arbitrary: fc.constant(String(other.helpRequest)) },
              { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1e2', '9'.repeat(16)) },
              { weight: 1, arbitrary: idSegment('1') },
            ),
          )
          .map(([path, requestId]) => `${path}/help/${requestId}/sketch`),
      ),
    },
    'POST /api/classes/:id/help/:requestId': {
      ...changes,
      // Each answer that is let through may close one of the few open requests: more runs.
      runs: runCount(35, 550),
      requests: fc
        .tuple(
          classPath,
          fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(...targets.helpRequests).map(String) },
            { weight: 1, arbitrary: fc.constant(String(other.helpRequest)) },
            {
              weight: 2,
              arbitrary: fc.constantFrom('0', '-1', '1.5', '1e2', '01', '0x1', '9'.repeat(15), '9'.repeat(16)),
            },
            { weight: 1, arbitrary: idSegment('1') },
          ),
          auth,
          hostileBody(
            fc.record(
              {
                state: field(
                  fc.oneof(
                    { weight: 4, arbitrary: fc.constantFrom('coming', 'handled') },
                    { weight: 1, arbitrary: fc.constantFrom('Handled', 'done', '') },
                  ),
                ),
              },
              { requiredKeys: ['state'] },
            ),
          ),
        )
        .map(([path, id, authorization, body]) => withBody('POST', `${path}/help/${id}`, authorization, body)),
    },
    'GET /api/realtime/classes/:id': {
      ...reads,
      requests: get(idOr(classId, other.classId).map((id) => `/api/realtime/classes/${id}`)),
    },
    'GET /api/class-sign-in/:code': {
      ...reads,
      success: classSignInPageSchema,
      requests: fc
        .tuple(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(joinCode, joinCode.toLowerCase(), other.joinCode) },
            { weight: 2, arbitrary: idSegment('ZZZZZZZZ') },
          ),
          junkQuery,
        )
        .map(([code, query]) => withoutBody('GET', `/api/class-sign-in/${code}${query}`, {})),
    },
    'GET /api/learner/class': {
      ...reads,
      success: learnerClassSchema,
      requests: fc
        .tuple(learnerAuth, junkQuery)
        .map(([authorization, query]) => withoutBody('GET', `/api/learner/class${query}`, { authorization })),
    },
    'DELETE /api/learner/help': {
      ...changes,
      requests: fc
        .tuple(learnerAuth, hostileBody(fc.record({ project_id: field(projectId) }, { requiredKeys: [] })))
        .map(([authorization, body]) => withBody('DELETE', '/api/learner/help', authorization, body)),
    },
    'POST /api/classes/:id/learners/secrets': {
      ...changes,
      // Each accepted call hashes new words for every learner of the class, one after another: few runs.
      runs: runCount(10, 40),
      success: addedLearnersSchema,
      requests: fc
        .tuple(classPath, auth, noBody)
        .map(([path, authorization, body]) => withBody('POST', `${path}/learners/secrets`, authorization, body)),
    },
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
    const classes = await classMode(server);
    context = {
      owner: await signUpAndSignIn(server),
      leaver: await signUpAndSignIn(server),
      refresher: await signUpAndSignIn(server),
      admin,
      moderated: await signUpAndSignIn(server),
      changer: await signUpAndSignIn(server),
      quitter: await signUpAndSignIn(server),
      resetTokens,
      ...classes,
      classTargets: await classTargets(server, classes),
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
      let state = await endpoint.state?.(server);
      await fc.assert(
        fc.asyncProperty(endpoint.requests, async (hostile) => {
          const answer = await sendRaw(server.baseUrl, hostile, ANSWER_TIMEOUT_MS);
          seen.add(answer.status);
          expectOrderlyAnswer(endpoint, hostile, answer, hiddenEmail);
          if (endpoint.state) {
            const before = state;
            state = await endpoint.state(server);
            if (answer.status >= 400) expect(state, `changed by a refusal: ${describeRequest(hostile)}`).toBe(before);
          }
        }),
        fuzzOptions(endpoint.runs ?? RUNS_PER_ENDPOINT),
      );
    },
  );

  test.for<[name: string, status: number]>([
    ['🤖', 400],
    ['𝒜', 400],
    ['x', 400],
    // Names the fuzzer's members never take (it may hold '🤖🤖' by now: a 409 would say nothing of counting).
    ['🦾🦾', 200],
    ['🦾'.repeat(32), 200],
    ['🦾'.repeat(33), 400],
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

  test('left the other teacher’s class as it was', async ({ server }) => {
    const { other } = context.classTargets;
    expect(await classRecords(server, other.classId)).toBe(other.records);
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
