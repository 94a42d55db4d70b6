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
