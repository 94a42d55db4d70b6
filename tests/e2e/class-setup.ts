import { sessionSchema } from '#shared/schemas/auth.ts';
import { addedLearnersSchema, type LearnerWithSecret } from '#shared/schemas/classes.ts';
import { PASSWORD, url } from './fixtures.ts';

/*
 * A class made through the API for specs about what happens once it exists (help with a sketch, new
 * words for all): the teacher's own pages are what those specs look at, not the forms that made it,
 * which tests/e2e/classes.test.ts walks through.
 */

async function call(token: string, path: string, body: unknown) {
  const answer = await fetch(url(path), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** A class of `teacherEmail` (a teacher already) with these learners, and their words as the answer showed them once. */
export async function classWithLearners(
  teacherEmail: string,
  name: string,
  names: readonly string[],
): Promise<{ id: string; joinCode: string; learners: LearnerWithSecret[] }> {
  const signIn = await fetch(url('/api/auth/token?grant_type=password'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: teacherEmail, password: PASSWORD }),
  });
  const token = sessionSchema.parse(await signIn.json()).access_token;
  const klass = (await call(token, '/api/classes', { name })) as { id: string; join_code: string };
  const added = addedLearnersSchema.parse(await call(token, `/api/classes/${klass.id}/learners`, { names }));
  return { id: klass.id, joinCode: klass.join_code, learners: added.learners };
}

/** A learner's sign-in with their words, as the class's page sends it: its HTTP status. */
export async function signInStatus(joinCode: string, learner: { id: string }, secret: string): Promise<number> {
  const answer = await fetch(url(`/api/class-sign-in/${joinCode}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ learner_id: learner.id, secret }),
  });
  return answer.status;
}
