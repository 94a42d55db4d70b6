import { expect } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { progressSchema, progressTickSchema } from '#shared/schemas/progress.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const auth = (session: Session | null) => (session ? bearer(session.access_token) : {});

function tick(server: TestServer, session: Session | null, path: string, init: RequestInit = {}) {
  return request(server, `/api/progress/${path}`, {
    method: 'PUT',
    ...init,
    headers: { ...auth(session), ...init.headers },
  });
}
function untick(server: TestServer, session: Session | null, path: string) {
  return request(server, `/api/progress/${path}`, { method: 'DELETE', headers: auth(session) });
}
async function progressOf(server: TestServer, session: Session) {
  const res = await request(server, '/api/progress', { headers: auth(session) });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return progressSchema.parse(res.body);
}
async function rowCount(server: TestServer) {
  const count = async (table: 'step_progress' | 'material_checks') =>
    Number(
      (
        await server.app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await count('step_progress')) + (await count('material_checks'));
}

describeEachDatabase('progress API', (test) => {
  test('ticks steps and materials, lists them, and unticks them', async ({ server }) => {
    const learner = await signUpAndSignIn(server);
    const first = await tick(server, learner, '1/steps/0');
    expect(first.status).toBe(201);
    expect(progressTickSchema.parse(first.body)).toMatchObject({ project_id: 1, index: 0 });
    expect((await tick(server, learner, '1/steps/2')).status).toBe(201);
    expect((await tick(server, learner, '1/materials/4')).status).toBe(201);
    const listed = await progressOf(server, learner);
    expect(listed.steps.map((t) => [t.project_id, t.index])).toEqual([
      [1, 0],
      [1, 2],
    ]);
    expect(listed.materials.map((t) => [t.project_id, t.index])).toEqual([[1, 4]]);

    expect((await untick(server, learner, '1/steps/0')).status).toBe(204);
    expect((await progressOf(server, learner)).steps.map((t) => t.index)).toEqual([2]);
    // Unticking what is not ticked is harmless (a replayed offline queue does it).
    expect((await untick(server, learner, '1/steps/0')).status).toBe(204);
  });

  test('a repeated tick keeps one row and the first time', async ({ server }) => {
    const learner = await signUpAndSignIn(server);
    const before = await rowCount(server);
    const first = progressTickSchema.parse((await tick(server, learner, '4/steps/3')).body);
    const results = await Promise.all(Array.from({ length: 10 }, () => tick(server, learner, '4/steps/3')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const again of results) expect(progressTickSchema.parse(again.body).done_at).toBe(first.done_at);
    expect(await rowCount(server)).toBe(before + 1);
  });

  test('the last step and material of each project can be ticked; one past them cannot', async ({ server }) => {
    const learner = await signUpAndSignIn(server);
    for (const project of PROJECTS) {
      expect((await tick(server, learner, `${project.id}/steps/${project.steps.length - 1}`)).status).toBe(201);
      expect((await tick(server, learner, `${project.id}/materials/${project.materials.length - 1}`)).status).toBe(201);
      for (const [kind, count] of [
        ['steps', project.steps.length],
        ['materials', project.materials.length],
      ] as const) {
        const past = await tick(server, learner, `${project.id}/${kind}/${count}`);
        expect(past.status).toBe(400);
        expect(apiErrorSchema.parse(past.body).error.message).toContain(`index must be from 0 to ${count - 1}`);
      }
    }
  });

  test('bad input gets a clear 400 and changes nothing', async ({ server }) => {
    const learner = await signUpAndSignIn(server);
    const before = await rowCount(server);
    for (const path of [
      '0/steps/0',
      '10/steps/0',
      'x/steps/0',
      '1/steps/-1',
      '1/steps/x',
      '1/steps/1.5',
      '1/steps/01',
      '1/wheels/0',
      '1/steps/99999',
    ]) {
      const res = await tick(server, learner, path);
      expect([400, 404], path).toContain(res.status);
      expect(apiErrorSchema.parse(res.body).error.code, path).toMatch(/validation_failed|not_found/);
      const removed = await untick(server, learner, path);
      expect([400, 404], path).toContain(removed.status);
    }
    const malformed = await tick(server, learner, '1/steps/0', {
      body: '{"oops"',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(apiErrorSchema.parse(malformed.body).error.code).toBe('invalid_json');
    const unknownQuery = await request(server, '/api/progress?user_id=someone', { headers: auth(learner) });
    expect(unknownQuery.status).toBe(400);
    expect(await rowCount(server)).toBe(before);
  });

  test('needs a valid session; members never see or change each other’s ticks', async ({ server }) => {
    const alice = await signUpAndSignIn(server);
    const bob = await signUpAndSignIn(server);
    expect((await tick(server, alice, '2/steps/1')).status).toBe(201);
    expect((await tick(server, null, '2/steps/2')).status).toBe(401);
    expect((await untick(server, null, '2/steps/1')).status).toBe(401);
    expect((await request(server, '/api/progress')).status).toBe(401);
    const forged = await request(server, '/api/progress', { headers: bearer(`${alice.access_token}x`) });
    expect(forged.status).toBe(401);

    // Bob's untick of the same step removes only his own (absent) tick.
    expect((await untick(server, bob, '2/steps/1')).status).toBe(204);
    expect((await progressOf(server, alice)).steps.map((t) => t.index)).toEqual([1]);
    expect((await progressOf(server, bob)).steps).toEqual([]);
  });

  test('a signed-out session can no longer tick', async ({ server }) => {
    const learner = await signUpAndSignIn(server);
    expect((await request(server, '/api/auth/logout', { method: 'POST', headers: auth(learner) })).status).toBe(204);
    expect((await tick(server, learner, '3/steps/0')).status).toBe(401);
  });
});
