import { type Session, sessionSchema } from '#shared/schemas/auth.ts';
import {
  addedLearnersSchema,
  type ClassSummary,
  classSummarySchema,
  type LearnerWithSecret,
} from '#shared/schemas/classes.ts';
import { signIn } from './club.ts';
import { signUpAndSignIn } from './sign-up.ts';
import { bearer, request, type TestServer } from './test-server.ts';

/** A new member made a teacher as `npm run admin -- teacher` does, signed in anew. */
export async function newTeacher(server: TestServer): Promise<Session> {
  const member = await signUpAndSignIn(server);
  await server.app.repos.administration.setRole(null, member.user.id, 'teacher', 'test set-up');
  return signIn(server, member.user.email);
}

export async function createClass(
  server: Pick<TestServer, 'baseUrl'>,
  teacher: Session,
  name = 'Year 8 Robotics',
): Promise<ClassSummary> {
  const res = await request(server, '/api/classes', {
    method: 'POST',
    headers: bearer(teacher.access_token),
    json: { name },
  });
  if (res.status !== 201) throw new Error(`class not created: ${res.status} ${res.text}`);
  return classSummarySchema.parse(res.body);
}

export async function addLearners(
  server: Pick<TestServer, 'baseUrl'>,
  teacher: Session,
  classId: string,
  names: readonly string[],
): Promise<LearnerWithSecret[]> {
  const res = await request(server, `/api/classes/${classId}/learners`, {
    method: 'POST',
    headers: bearer(teacher.access_token),
    json: { names },
  });
  if (res.status !== 201) throw new Error(`learners not added: ${res.status} ${res.text}`);
  return addedLearnersSchema.parse(res.body).learners;
}

export function classSignIn(
  server: Pick<TestServer, 'baseUrl'>,
  joinCode: string,
  learnerId: string,
  secret: string,
  ip?: string,
) {
  return request(server, `/api/class-sign-in/${joinCode}`, {
    method: 'POST',
    json: { learner_id: learnerId, secret },
    ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
  });
}

export async function learnerSession(
  server: TestServer,
  joinCode: string,
  learner: LearnerWithSecret,
): Promise<Session> {
  const res = await classSignIn(server, joinCode, learner.id, learner.secret);
  if (res.status !== 200) throw new Error(`learner sign-in failed: ${res.status} ${res.text}`);
  return sessionSchema.parse(res.body);
}

/** A request's options with the session's bearer token. */
export const as = (session: Session, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...bearer(session.access_token), ...(init.headers as Record<string, string>) },
});

export const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];

/** A class's row, learners and teachers as one string, to compare before and after a call that must change nothing. */
export async function classState(server: TestServer, classId: string) {
  const db = server.app.database.db;
  const row = await db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirst();
  const learners = await db.selectFrom('learners').selectAll().where('class_id', '=', classId).orderBy('id').execute();
  const teachers = await db.selectFrom('class_teachers').selectAll().where('class_id', '=', classId).execute();
  return JSON.stringify({ row, learners, teachers });
}

/** The class stream as a teacher's page reads it: fetch with the token in a header, events as they come. */
export async function openClassStream(server: TestServer, teacher: Session, classId: string) {
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
