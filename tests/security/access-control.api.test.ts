import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { accountSchema } from '#shared/schemas/account.ts';
import { accountExportSchema } from '#shared/schemas/account-export.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { type Session, sessionSchema, userResponseSchema } from '#shared/schemas/auth.ts';
import { bookmarkListSchema, bookmarkSchema } from '#shared/schemas/bookmark.ts';
import { type ClassSummary, helpQueueSchema, type LearnerWithSecret } from '#shared/schemas/classes.ts';
import { addLearners, createClass, learnerSession } from '#test/classes.ts';
import { ROOMY_LIMITS } from '#test/club.ts';
import { type ForgedTokens, forgeTokens } from '#test/forged-tokens.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { fuzzSeed, runCount, timeLimitMs } from '#test/soak.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const PASSWORD = 'correct horse battery'; // signUpAndSignIn's default

/**
 * The expected status of every endpoint for every kind of caller. The owner owns the resource
 * (the profile, the bookmark, the account); the other user is signed in as someone else; the next
 * six columns carry a token that must not work: over its hour, of a signed-out session, signed by
 * a key the server never issued, `alg: none`, another member's real token with the subject edited
 * to the owner's, and HS256 keyed with the server's public key. `suspended` is a member whose
 * account was suspended while their session stayed alive (a refresh that raced the suspension);
 * `admin` is an administrator. Administration calls act on a member of their own (the target),
 * never on the owner. Public endpoints ignore the token. Without mail, recovery answers 404.
 *
 * Class mode (product D16): the owner is a teacher, and teaches the class every class call names
 * (with a co-teacher, a pupil the calls act on and a waiting help request); `teacher` is a teacher
 * of another class (404 for this one, as if it did not exist); `learner` is a learner of the class.
 * Members get 403 from every teacher call, and only learners reach `/api/learner/…`. The class's
 * community page (product D18) is open in every cast, so its learner reads it; to everyone else who
 * is signed in, members included, it is a class that does not exist (404).
 */
const MATRIX = `
  endpoint                                           anonymous owner other expired revoked foreign-key alg-none tampered hs256 suspended admin teacher learner
  GET    /api/health                                 200       200   200   200     200     200         200      200      200   200       200   200     200
  GET    /api/profiles                               200       200   200   200     200     200         200      200      200   200       200   200     200
  GET    /api/profiles/:id                           200       200   200   200     200     200         200      200      200   200       200   200     200
  PATCH  /api/profiles/:id                           401       200   403   401     401     401         401      401      401   401       403   403     403
  GET    /api/bookmarks                              401       200   200   401     401     401         401      401      401   401       200   200     200
  POST   /api/bookmarks                              401       201   201   401     401     401         401      401      401   401       201   201     201
  DELETE /api/bookmarks/:project_id                  401       204   204   401     401     401         401      401      401   401       204   204     204
  GET    /api/auth/user                              401       200   200   401     401     401         401      401      401   401       200   200     200
  POST   /api/auth/logout                            401       204   204   401     401     401         401      401      401   401       204   204     204
  POST   /api/auth/token?grant_type=password         200       200   200   200     200     200         200      200      200   200       200   200     200
  POST   /api/auth/token?grant_type=refresh_token    200       200   200   200     200     200         200      200      200   200       200   200     200
  POST   /api/auth/signup                            200       200   200   200     200     200         200      200      200   200       200   200     200
  GET    /api/auth/jwks                              200       200   200   200     200     200         200      200      200   200       200   200     200
  GET    /api/realtime/profiles                      200       200   200   200     200     200         200      200      200   200       200   200     200
  GET    /api/auth/settings                          200       200   200   200     200     200         200      200      200   200       200   200     200
  POST   /api/auth/recover                           404       404   404   404     404     404         404      404      404   404       404   404     404
  POST   /api/auth/reset                             200       200   200   200     200     200         200      200      200   200       200   200     200
  GET    /api/account                                401       200   200   401     401     401         401      401      401   401       200   200     200
  PUT    /api/account/password                       401       204   204   401     401     401         401      401      401   401       204   204     403
  GET    /api/account/export                         401       200   200   401     401     401         401      401      401   401       200   200     403
  DELETE /api/account                                401       204   204   401     401     401         401      401      401   401       204   204     403
  GET    /api/admin/members                          401       403   403   401     401     401         401      401      401   401       200   403     403
  POST   /api/admin/members/:id/moderation           401       403   403   401     401     401         401      401      401   401       200   403     403
  PUT    /api/admin/members/:id/suspension           401       403   403   401     401     401         401      401      401   401       200   403     403
  DELETE /api/admin/members/:id/suspension           401       403   403   401     401     401         401      401      401   401       200   403     403
  PUT    /api/admin/members/:id/role                 401       403   403   401     401     401         401      401      401   401       200   403     403
  POST   /api/admin/members/:id/reset-links          401       403   403   401     401     401         401      401      401   401       201   403     403
  DELETE /api/admin/members/:id                      401       403   403   401     401     401         401      401      401   401       204   403     403
  GET    /api/admin/audit                            401       403   403   401     401     401         401      401      401   401       200   403     403
  GET    /api/classes                                401       200   403   401     401     401         401      401      401   401       200   200     403
  POST   /api/classes                                401       201   403   401     401     401         401      401      401   401       201   201     403
  GET    /api/classes/:id                            401       200   403   401     401     401         401      401      401   401       200   404     403
  PATCH  /api/classes/:id                            401       200   403   401     401     401         401      401      401   401       200   404     403
  DELETE /api/classes/:id                            401       204   403   401     401     401         401      401      401   401       204   404     403
  POST   /api/classes/:id/teachers                   401       200   403   401     401     401         401      401      401   401       200   404     403
  DELETE /api/classes/:id/teachers/:teacherId        401       200   403   401     401     401         401      401      401   401       200   404     403
  POST   /api/classes/:id/learners                   401       201   403   401     401     401         401      401      401   401       201   404     403
  PATCH  /api/classes/:id/learners/:learnerId        401       200   403   401     401     401         401      401      401   401       200   404     403
  POST   /api/classes/:id/learners/:learnerId/secret  401       200   403   401     401     401         401      401      401   401       200   404     403
  POST   /api/classes/:id/learners/secrets           401       200   403   401     401     401         401      401      401   401       200   404     403
  DELETE /api/classes/:id/learners/:learnerId/lock   401       204   403   401     401     401         401      401      401   401       204   404     403
  GET    /api/classes/:id/learners/:learnerId/export  401       200   403   401     401     401         401      401      401   401       200   404     403
  DELETE /api/classes/:id/learners/:learnerId        401       204   403   401     401     401         401      401      401   401       204   404     403
  GET    /api/classes/:id/learners/:learnerId/progress  401       200   403   401     401     401         401      401      401   401       200   404     403
  GET    /api/classes/:id/progress                   401       200   403   401     401     401         401      401      401   401       200   404     403
  GET    /api/classes/:id/progress.csv               401       200   403   401     401     401         401      401      401   401       200   404     403
  GET    /api/classes/:id/learners/:learnerId/sketches/:slug  401       200   403   401     401     401         401      401      401   401       200   404     403
  GET    /api/classes/:id/help                       401       200   403   401     401     401         401      401      401   401       200   404     403
  POST   /api/classes/:id/help/:requestId            401       204   403   401     401     401         401      401      401   401       204   404     403
  GET    /api/classes/:id/help/:requestId/sketch     401       200   403   401     401     401         401      401      401   401       200   404     403
  GET    /api/realtime/classes/:id                   401       200   403   401     401     401         401      401      401   401       200   404     403
  GET    /api/classes/:id/community                  401       200   404   401     401     401         401      401      401   401       200   404     200
  GET    /api/class-sign-in/:code                    200       200   200   200     200     200         200      200      200   200       200   200     200
  POST   /api/class-sign-in/:code                    200       200   200   200     200     200         200      200      200   200       200   200     200
  GET    /api/learner/class                          401       403   403   401     401     401         401      401      401   401       403   403     200
  POST   /api/learner/help                           401       403   403   401     401     401         401      401      401   401       403   403     201
  DELETE /api/learner/help                           401       403   403   401     401     401         401      401      401   401       403   403     204
  POST   /api/sketches/compile                       401       200   200   401     401     401         401      401      401   401       200   200     200
  GET    /api/sketches                               401       200   200   401     401     401         401      401      401   401       200   200     200
  GET    /api/sketches/tutorials/:slug               401       200   404   401     401     401         401      401      401   401       404   404     404
  PUT    /api/sketches/tutorials/:slug               401       200   201   401     401     401         401      401      401   401       201   201     201
  DELETE /api/sketches/tutorials/:slug               401       204   204   401     401     401         401      401      401   401       204   204     204
  GET    /api/sketches/:id                           401       200   404   401     401     401         401      401      401   401       404   404     404
  PUT    /api/sketches/:id                           401       200   404   401     401     401         401      401      401   401       404   404     404
  DELETE /api/sketches/:id                           401       204   204   401     401     401         401      401      401   401       204   204     204
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
  'suspended',
  'admin',
  'teacher',
  'learner',
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
  /** A suspended member (their session still alive) and an administrator. */
  readonly suspended: Session;
  readonly admin: Session;
  /** The member the administration calls act on: new in every world. */
  readonly target: Session;
  /** The owner's class, with a co-teacher, a pupil (acted on) with a help request, and the learner who calls. */
  readonly klass: ClassSummary;
  readonly coTeacher: Session;
  readonly pupil: LearnerWithSecret;
  readonly helpRequestId: number;
  /** The learner caller's request about a sketch of their own (LEARNER_SKETCH_ID). */
  readonly sketchHelpRequestId: number;
  readonly learner: Session;
  readonly teacher: Session;
  readonly tokens: ReadonlyMap<Caller, string | null>;
}

type Send = (world: World, authorization: Record<string, string>) => Promise<Answer>;

const json = (world: World, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  request(world.server, path, { method, headers, ...(body === undefined ? {} : { json: body }) });

/** The stream never ends: take its status, then hang up. */
async function openStream(
  world: World,
  headers: Record<string, string>,
  path = '/api/realtime/profiles',
): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 2000);
  try {
    const response = await fetch(new URL(path, world.server.baseUrl), {
      headers,
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/event-stream')) {
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text), text };
    }
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
  'GET /api/sketches': (w, auth) => json(w, 'GET', '/api/sketches', auth),
  'GET /api/classes/:id/learners/:learnerId/sketches/:slug': (w, auth) =>
    json(w, 'GET', `/api/classes/${w.klass.id}/learners/${w.pupil.id}/sketches/${SKETCHED_TUTORIAL}`, auth),
  'GET /api/sketches/tutorials/:slug': (w, auth) =>
    json(w, 'GET', `/api/sketches/tutorials/${SKETCHED_TUTORIAL}`, auth),
  'PUT /api/sketches/tutorials/:slug': (w, auth) =>
    json(w, 'PUT', `/api/sketches/tutorials/${SKETCHED_TUTORIAL}`, auth, {
      source: 'void setup() {} // by the caller',
      base_revision: 1,
    }),
  'DELETE /api/sketches/tutorials/:slug': (w, auth) =>
    json(w, 'DELETE', `/api/sketches/tutorials/${SKETCHED_TUTORIAL}`, auth),
  'GET /api/sketches/:id': (w, auth) => json(w, 'GET', `/api/sketches/${OWNER_SKETCH_ID}`, auth),
  'PUT /api/sketches/:id': (w, auth) =>
    json(w, 'PUT', `/api/sketches/${OWNER_SKETCH_ID}`, auth, {
      name: 'Taken over',
      circuit: 'trainer',
      source: 'void setup() {} // by the caller',
      base_revision: 1,
    }),
  'DELETE /api/sketches/:id': (w, auth) => json(w, 'DELETE', `/api/sketches/${OWNER_SKETCH_ID}`, auth),
  'POST /api/sketches/compile': (w, auth) =>
    json(w, 'POST', '/api/sketches/compile', auth, {
      board: 'uno',
      source:
        'void setup() { pinMode(13, OUTPUT); }\nvoid loop() { digitalWrite(13, !digitalRead(13)); delay(500); }\n',
    }),
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
  'GET /api/auth/settings': (w, auth) => json(w, 'GET', '/api/auth/settings', auth),
  'POST /api/auth/recover': (w, auth) => json(w, 'POST', '/api/auth/recover', auth, { email: w.dana.user.email }),
  'POST /api/auth/reset': async (w, auth) => {
    // Every caller may use a link; the link, not the token, says whose password changes.
    const { token } = await w.server.app.repos.passwordResets.create(w.dana.user.id, null);
    return json(w, 'POST', '/api/auth/reset', auth, { token, password: PASSWORD });
  },
  'GET /api/account': (w, auth) => json(w, 'GET', '/api/account', auth),
  'PUT /api/account/password': (w, auth) =>
    json(w, 'PUT', '/api/account/password', auth, { current_password: PASSWORD, new_password: PASSWORD }),
  'GET /api/account/export': (w, auth) => json(w, 'GET', '/api/account/export', auth),
  'DELETE /api/account': (w, auth) => json(w, 'DELETE', '/api/account', auth, { password: PASSWORD }),
  'GET /api/admin/members': (w, auth) => json(w, 'GET', '/api/admin/members', auth),
  'POST /api/admin/members/:id/moderation': (w, auth) =>
    json(w, 'POST', `/api/admin/members/${w.target.user.id}/moderation`, auth, { action: 'hide', reason: 'matrix' }),
  'PUT /api/admin/members/:id/suspension': (w, auth) =>
    json(w, 'PUT', `/api/admin/members/${w.target.user.id}/suspension`, auth, { reason: 'matrix' }),
  'DELETE /api/admin/members/:id/suspension': (w, auth) =>
    json(w, 'DELETE', `/api/admin/members/${w.target.user.id}/suspension`, auth),
  'PUT /api/admin/members/:id/role': (w, auth) =>
    json(w, 'PUT', `/api/admin/members/${w.target.user.id}/role`, auth, { role: 'admin', reason: 'matrix' }),
  'POST /api/admin/members/:id/reset-links': (w, auth) =>
    json(w, 'POST', `/api/admin/members/${w.target.user.id}/reset-links`, auth),
  'DELETE /api/admin/members/:id': (w, auth) =>
    json(w, 'DELETE', `/api/admin/members/${w.target.user.id}`, auth, { reason: 'matrix' }),
  'GET /api/admin/audit': (w, auth) => json(w, 'GET', '/api/admin/audit', auth),
  'GET /api/classes': (w, auth) => json(w, 'GET', '/api/classes', auth),
  'POST /api/classes': (w, auth) => json(w, 'POST', '/api/classes', auth, { name: 'Made by whoever called' }),
  'GET /api/classes/:id': (w, auth) => json(w, 'GET', classPath(w), auth),
  'PATCH /api/classes/:id': (w, auth) => json(w, 'PATCH', classPath(w), auth, { name: 'Renamed by whoever called' }),
  'DELETE /api/classes/:id': (w, auth) => json(w, 'DELETE', classPath(w), auth, { confirm_name: w.klass.name }),
  'POST /api/classes/:id/teachers': (w, auth) =>
    json(w, 'POST', `${classPath(w)}/teachers`, auth, { email: w.teacher.user.email }),
  'DELETE /api/classes/:id/teachers/:teacherId': (w, auth) =>
    json(w, 'DELETE', `${classPath(w)}/teachers/${w.coTeacher.user.id}`, auth),
  'POST /api/classes/:id/learners': (w, auth) =>
    json(w, 'POST', `${classPath(w)}/learners`, auth, { names: ['Added By Whoever'] }),
  'PATCH /api/classes/:id/learners/:learnerId': (w, auth) =>
    json(w, 'PATCH', pupilPath(w), auth, { display_name: 'Renamed by whoever' }),
  'POST /api/classes/:id/learners/:learnerId/secret': (w, auth) => json(w, 'POST', `${pupilPath(w)}/secret`, auth),
  'POST /api/classes/:id/learners/secrets': (w, auth) => json(w, 'POST', `${classPath(w)}/learners/secrets`, auth),
  'DELETE /api/classes/:id/learners/:learnerId/lock': (w, auth) => json(w, 'DELETE', `${pupilPath(w)}/lock`, auth),
  'GET /api/classes/:id/learners/:learnerId/export': (w, auth) => json(w, 'GET', `${pupilPath(w)}/export`, auth),
  'DELETE /api/classes/:id/learners/:learnerId': (w, auth) => json(w, 'DELETE', pupilPath(w), auth),
  'GET /api/classes/:id/learners/:learnerId/progress': (w, auth) => json(w, 'GET', `${pupilPath(w)}/progress`, auth),
  'GET /api/classes/:id/progress': (w, auth) => json(w, 'GET', `${classPath(w)}/progress`, auth),
  'GET /api/classes/:id/progress.csv': (w, auth) => json(w, 'GET', `${classPath(w)}/progress.csv`, auth),
  'GET /api/classes/:id/help': (w, auth) => json(w, 'GET', `${classPath(w)}/help`, auth),
  'POST /api/classes/:id/help/:requestId': (w, auth) =>
    json(w, 'POST', `${classPath(w)}/help/${w.helpRequestId}`, auth, { state: 'coming' }),
  'GET /api/classes/:id/help/:requestId/sketch': (w, auth) =>
    json(w, 'GET', `${classPath(w)}/help/${w.sketchHelpRequestId}/sketch`, auth),
  'GET /api/realtime/classes/:id': (w, auth) => openStream(w, auth, `/api/realtime/classes/${w.klass.id}`),
  'GET /api/classes/:id/community': (w, auth) => json(w, 'GET', `${classPath(w)}/community`, auth),
  'GET /api/class-sign-in/:code': (w, auth) => json(w, 'GET', `/api/class-sign-in/${w.klass.join_code}`, auth),
  'POST /api/class-sign-in/:code': (w, auth) =>
    json(w, 'POST', `/api/class-sign-in/${w.klass.join_code}`, auth, {
      learner_id: w.pupil.id,
      secret: w.pupil.secret,
    }),
  'GET /api/learner/class': (w, auth) => json(w, 'GET', '/api/learner/class', auth),
  'POST /api/learner/help': (w, auth) => json(w, 'POST', '/api/learner/help', auth, { project_id: 4, step: 2 }),
  'DELETE /api/learner/help': (w, auth) => json(w, 'DELETE', '/api/learner/help', auth),
};

function classPath(world: World): string {
  return `/api/classes/${world.klass.id}`;
}

function pupilPath(world: World): string {
  return `${classPath(world)}/learners/${world.pupil.id}`;
}

/** Rows whose call changes the caller's own account for good: every cell gets a new cast. */
const CONSUMING_ROWS = new Set([
  // New words for all end every learner's sessions, the learner caller's among them.
  'POST /api/classes/:id/learners/secrets',
  'POST /api/auth/logout',
  'DELETE /api/account',
  'PUT /api/account/password',
  // The class, the co-teacher or the pupil is gone after the first call that may make it.
  'DELETE /api/classes/:id',
  'DELETE /api/classes/:id/teachers/:teacherId',
  'DELETE /api/classes/:id/learners/:learnerId',
  'POST /api/classes/:id/teachers',
]);

/** Checks of a successful answer: whatever it returns belongs to the caller. */
const OWN_DATA_ONLY: Record<string, (answer: Answer, callerId: string) => boolean> = {
  'GET /api/auth/user': (answer, callerId) => userResponseSchema.parse(answer.body).id === callerId,
  'GET /api/bookmarks': (answer, callerId) =>
    bookmarkListSchema.parse(answer.body).every((bookmark) => bookmark.user_id === callerId),
  'POST /api/bookmarks': (answer, callerId) => bookmarkSchema.parse(answer.body).user_id === callerId,
  'PATCH /api/profiles/:id': (answer, callerId) => z.object({ id: z.string() }).parse(answer.body).id === callerId,
  'GET /api/realtime/profiles': (answer) => answer.text.startsWith('text/event-stream'),
  'GET /api/account': (answer, callerId) => accountSchema.parse(answer.body).id === callerId,
  'GET /api/account/export': (answer, callerId) => accountExportSchema.parse(answer.body).account.id === callerId,
  'GET /api/realtime/classes/:id': (answer) => answer.text.startsWith('text/event-stream'),
};

/** Class calls whose answer names the class's teachers (their e-mails), for the class's teachers and administrators. */
const SHOWS_CLASS_TEACHERS = new Set([
  'GET /api/classes',
  'POST /api/classes',
  'GET /api/classes/:id',
  'PATCH /api/classes/:id',
  'POST /api/classes/:id/teachers',
  'DELETE /api/classes/:id/teachers/:teacherId',
]);

/** Answers that may name a member's e-mail: their own account's, and any in an administrator's view. */
const SHOWS_OWN_EMAIL = new Set(['GET /api/auth/user', 'GET /api/account', 'GET /api/account/export']);

async function signIn(server: TestServer, email: string): Promise<Session> {
  const res = await request(server, '/api/auth/token?grant_type=password', {
    method: 'POST',
    json: { email, password: PASSWORD },
  });
  return sessionSchema.parse(res.body);
}

/** Everything of a member's that a caller who is not them (or, for the target, an administrator) must not change. */
/** The owner's saved code in every cell: their version of this tutorial and a sketch of their own. */
const SKETCHED_TUTORIAL = 'plant-watering-robot';
const OWNER_SKETCH_ID = '6a0e4d3c-2b1a-4f9e-8d7c-000000000001';
/** The learner caller's own sketch, which their help request is about: for the class's teachers only. */
const LEARNER_SKETCH_ID = '6a0e4d3c-2b1a-4f9e-8d7c-000000000002';
/** In the owner's sketches only: an answer to anyone else that holds it leaked them. */
const OWNER_CODE = 'owner-only-code-4711';
/** In the pupil's version of the tutorial: for the class's teachers (and administrators) only. */
const PUPIL_CODE = 'pupil-code-for-teachers-0815';

async function memberState(world: World, member: Session): Promise<string> {
  const db = world.server.app.database.db;
  const ownerId = member.user.id;
  const account = await db.selectFrom('users').selectAll().where('id', '=', ownerId).executeTakeFirst();
  const profile = await db.selectFrom('profiles').selectAll().where('id', '=', ownerId).executeTakeFirst();
  const bookmarks = await db
    .selectFrom('bookmarks')
    .select(['id', 'project_id'])
    .where('user_id', '=', ownerId)
    .orderBy('id')
    .execute();
  const resets = await db.selectFrom('password_resets').select('id').where('user_id', '=', ownerId).execute();
  const sketches = await db
    .selectFrom('sketches')
    .select(['id', 'kind', 'circuit', 'name', 'source', 'revision'])
    .where('user_id', '=', ownerId)
    .orderBy('id')
    .execute();
  const sessionId = z.string().parse(decodeJwt(member.access_token).sid);
  const signedIn = await world.server.app.repos.sessions.isActive(sessionId);
  return JSON.stringify({ account, profile, bookmarks, resets, sketches, signedIn });
}

/** Everything of the class: only its teachers and administrators may change it. */
async function classState(world: World): Promise<string> {
  const db = world.server.app.database.db;
  const id = world.klass.id;
  const row = await db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirst();
  const teachers = await db
    .selectFrom('class_teachers')
    .selectAll()
    .where('class_id', '=', id)
    .orderBy('teacher_id')
    .execute();
  const learners = await db.selectFrom('learners').selectAll().where('class_id', '=', id).orderBy('id').execute();
  const secret = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', world.pupil.id)
    .executeTakeFirst();
  const help = await db.selectFrom('help_requests').selectAll().where('class_id', '=', id).orderBy('id').execute();
  return JSON.stringify({ row, teachers, learners, secret, help });
}

describeEachDatabase('access control', ROOMY_LIMITS, (test) => {
  const accounts = { owner: '', other: '', dana: '', suspended: '', admin: '', teacher: '', coTeacher: '' };

  /** New members for the cast (an administrator promoted as the command line does). */
  async function newAccounts(server: TestServer) {
    const teacherAccount = async () => {
      const member = await signUpAndSignIn(server);
      await server.app.repos.administration.setRole(null, member.user.id, 'teacher', 'access-control matrix');
      return member.user.email;
    };
    const adminAccount = async () => {
      const member = await signUpAndSignIn(server);
      await server.app.repos.administration.setRole(null, member.user.id, 'admin', 'access-control matrix');
      return member.user.email;
    };
    const memberAccount = async () => (await signUpAndSignIn(server)).user.email;
    [
      accounts.owner,
      accounts.teacher,
      accounts.coTeacher,
      accounts.other,
      accounts.dana,
      accounts.suspended,
      accounts.admin,
    ] = await Promise.all([
      teacherAccount(),
      teacherAccount(),
      teacherAccount(),
      memberAccount(),
      memberAccount(),
      memberAccount(),
      adminAccount(),
    ]);
  }

  test.beforeAll(async ({ server }) => {
    await newAccounts(server);
  });

  /** Suspended while signed in: the suspension is set without revoking the session it raced. */
  async function suspendedMember(server: TestServer): Promise<Session> {
    const users = server.app.database.db.updateTable('users').where('email', '=', accounts.suspended);
    await users.set({ suspended_at: null }).execute();
    const session = await signIn(server, accounts.suspended);
    await users.set({ suspended_at: new Date().toISOString() }).execute();
    return session;
  }

  async function freshWorld(server: TestServer, options: { newAccounts?: boolean } = {}): Promise<World> {
    if (options.newAccounts) await newAccounts(server);
    // Independent sign-ins, together: each waits on argon2, which runs beside the others on the thread pool.
    const [owner, other, dana, suspended, admin, target, teacher, coTeacher] = await Promise.all([
      signIn(server, accounts.owner),
      signIn(server, accounts.other),
      signIn(server, accounts.dana),
      suspendedMember(server),
      signIn(server, accounts.admin),
      signUpAndSignIn(server),
      signIn(server, accounts.teacher),
      signIn(server, accounts.coTeacher),
    ]);
    const klass = await createClass(server, owner, `Matrix ${crypto.randomUUID().slice(0, 8)}`);
    await server.app.repos.classes.addTeacher(owner.user.id, klass.id, accounts.coTeacher);
    await server.app.repos.classes.setCommunity(owner.user.id, klass.id, true);
    const [pupil, caller] = await addLearners(server, owner, klass.id, ['Pupil Acted On', 'Lena Learner']);
    if (!pupil || !caller) throw new Error('no learners');
    const [learner, pupilSession] = await Promise.all([
      learnerSession(server, klass.join_code, caller),
      learnerSession(server, klass.join_code, pupil),
    ]);
    await request(server, '/api/learner/help', {
      method: 'POST',
      headers: bearer(pupilSession.access_token),
      json: { project_id: 2, step: 1 },
    });
    const queue = helpQueueSchema.parse(
      (await request(server, `/api/classes/${klass.id}/help`, { headers: bearer(owner.access_token) })).body,
    );
    const helpRequestId = queue.requests[0]?.id ?? 0;
    // The learner caller asks about a sketch of their own (put back before every cell, resetBookmarks).
    await server.app.repos.classes.askForHelp(caller.id, { sketchId: LEARNER_SKETCH_ID });
    const [, sketchHelp] = await server.app.repos.classes.helpQueue(klass.id);
    const sketchHelpRequestId = Number(sketchHelp?.id ?? 0);
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
      ['suspended', suspended.access_token],
      ['admin', admin.access_token],
      ['teacher', teacher.access_token],
      ['learner', learner.access_token],
    ]);
    return {
      server,
      owner,
      other,
      dana,
      suspended,
      admin,
      target,
      tokens,
      klass,
      coTeacher,
      pupil,
      helpRequestId,
      sketchHelpRequestId,
      learner,
      teacher,
    };
  }

  /**
   * Every cell starts from the same data: the owner has bookmarked project 5 and saved their version of
   * one tutorial and one sketch of their own; nobody else anything.
   */
  async function resetBookmarks(world: World) {
    const db = world.server.app.database.db;
    const at = new Date().toISOString();
    await db.deleteFrom('bookmarks').execute();
    await db.insertInto('bookmarks').values({ user_id: world.owner.user.id, project_id: 5, created_at: at }).execute();
    await db.deleteFrom('sketches').execute();
    const sketch = { user_id: world.owner.user.id, revision: 1, created_at: at, updated_at: at };
    await db
      .insertInto('sketches')
      .values([
        {
          ...sketch,
          id: crypto.randomUUID(),
          kind: 'tutorial',
          circuit: SKETCHED_TUTORIAL,
          name: '',
          source: `// ${OWNER_CODE}`,
        },
        { ...sketch, id: OWNER_SKETCH_ID, kind: 'own', circuit: 'trainer', name: 'Mine', source: `// ${OWNER_CODE}` },
        {
          ...sketch,
          user_id: world.pupil.id,
          id: crypto.randomUUID(),
          kind: 'tutorial',
          circuit: SKETCHED_TUTORIAL,
          name: '',
          source: `// ${PUPIL_CODE}`,
        },
      ])
      .execute();
    await db
      .insertInto('sketches')
      .values({
        ...sketch,
        user_id: world.learner.user.id,
        id: LEARNER_SKETCH_ID,
        kind: 'own',
        circuit: 'trainer',
        name: 'Blocks',
        source: `// ${PUPIL_CODE}`,
        blocks: '{"blocks":{"languageVersion":0,"blocks":[]}}',
      })
      .execute();
  }

  /** What is wrong with one cell of the table, if anything. */
  async function problemsOf(row: Row, caller: Caller, world: World): Promise<string[]> {
    const send = REQUESTS[row.endpoint];
    if (!send) return [`no request is defined for ${row.endpoint}`];
    const token = world.tokens.get(caller) ?? null;
    await resetBookmarks(world);
    const before = await memberState(world, world.owner);
    const targetBefore = await memberState(world, world.target);
    const classBefore = await classState(world);
    const answer = await send(world, token ? bearer(token) : {});
    const cell = `${row.endpoint} as ${caller}`;
    const problems: string[] = [];

    const expected = row.expected.get(caller);
    if (answer.status !== expected)
      problems.push(`${cell}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 120)}`);
    if (answer.status >= 400) {
      const error = apiErrorSchema.safeParse(answer.body);
      const wanted = answer.status === 403 ? 'forbidden' : caller === 'anonymous' ? 'session_missing' : 'bad_jwt';
      const checked = answer.status === 401 || answer.status === 403;
      if (!error.success || (checked && error.data.error.code !== wanted)) {
        problems.push(`${cell}: error should be ${wanted}, got ${answer.text.slice(0, 120)}`);
      }
    }
    const ownData = OWN_DATA_ONLY[row.endpoint];
    const sessions: Partial<Record<Caller, Session>> = {
      owner: world.owner,
      admin: world.admin,
      suspended: world.suspended,
      teacher: world.teacher,
      learner: world.learner,
    };
    const callerSession = sessions[caller] ?? world.other;
    if (answer.status < 300 && ownData && !ownData(answer, callerSession.user.id)) {
      problems.push(`${cell}: answered with data that is not the caller's: ${answer.text.slice(0, 200)}`);
    }
    // Neither member opted in to showing an e-mail: only their own account calls, and an
    // administrator's view of the members, may name it.
    const adminView =
      (caller === 'admin' && row.endpoint.startsWith('GET /api/admin/')) ||
      ((caller === 'admin' || caller === 'owner') && SHOWS_CLASS_TEACHERS.has(row.endpoint));
    for (const [member, session] of [
      ['owner', world.owner],
      ['other', world.other],
    ] as const) {
      const ownAccount = caller === member && SHOWS_OWN_EMAIL.has(row.endpoint);
      if (!ownAccount && !adminView && answer.text.includes(session.user.email))
        problems.push(`${cell}: leaked the ${member}'s e-mail`);
    }
    if (caller !== 'owner' && answer.text.includes(OWNER_CODE)) problems.push(`${cell}: leaked the owner's code`);
    if (caller !== 'owner' && caller !== 'admin' && answer.text.includes(PUPIL_CODE)) {
      problems.push(`${cell}: leaked a pupil's code outside their class's teachers`);
    }
    const ownerAfter = await memberState(world, world.owner);
    if (caller !== 'owner' && ownerAfter !== before)
      problems.push(`${cell}: changed the owner's data: ${before} → ${ownerAfter}`);
    const administering = caller === 'admin' && row.endpoint.includes('/api/admin/');
    if (!administering && (await memberState(world, world.target)) !== targetBefore)
      problems.push(`${cell}: changed the target's data`);
    const teaching = (caller === 'owner' || caller === 'admin') && row.endpoint.includes('/api/classes/');
    // A learner's own help request is theirs to change; nobody else but the class's teachers changes the class.
    const ownHelp = caller === 'learner' && row.endpoint.includes('/api/learner/help');
    // A teacher who deletes their own account leaves their classes.
    const leaving = caller === 'owner' && row.endpoint === 'DELETE /api/account';
    if (!teaching && !ownHelp && !leaving && (await classState(world)) !== classBefore)
      problems.push(`${cell}: changed the class's data`);
    return problems;
  }

  // A new cast for every cell of some rows (a class and its learners each time) takes a while on 2 cores.
  test.for(parseMatrix(MATRIX))(
    '$endpoint answers every caller as the table says',
    { timeout: 120_000 },
    async (row, { server }) => {
      const problems: string[] = [];
      let world = await freshWorld(server);
      for (const caller of CALLERS) {
        // Signing out spends the session every forged token points at, and deleting an account the
        // account: a new cast for each cell then, so that a forged token fails for being forged, not
        // for naming a dead session, and every caller has an account to delete.
        if (CONSUMING_ROWS.has(row.endpoint)) {
          world = await freshWorld(server, { newAccounts: row.endpoint === 'DELETE /api/account' });
        }
        problems.push(...(await problemsOf(row, caller, world)));
      }
      // Every member of the last cast deleted their own account: the next rows need a cast that exists.
      if (row.endpoint === 'DELETE /api/account') await newAccounts(server);
      expect(problems).toEqual([]);
    },
  );

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
