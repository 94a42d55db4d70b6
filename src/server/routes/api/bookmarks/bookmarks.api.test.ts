import { expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { bookmarkListSchema, bookmarkSchema } from '#shared/schemas/bookmark.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const add = (server: TestServer, session: Session | null, json: unknown) =>
  request(server, '/api/bookmarks', { method: 'POST', json, headers: session ? bearer(session.access_token) : {} });
const remove = (server: TestServer, session: Session | null, projectId: string | number) =>
  request(server, `/api/bookmarks/${projectId}`, {
    method: 'DELETE',
    headers: session ? bearer(session.access_token) : {},
  });
const list = async (server: TestServer, session: Session) => {
  const res = await request(server, '/api/bookmarks', { headers: bearer(session.access_token) });
  expect(res.status).toBe(200);
  return bookmarkListSchema.parse(res.body);
};
const rowCount = async (server: TestServer) =>
  Number(
    (
      await server.app.database.db
        .selectFrom('bookmarks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase('bookmarks API', (test) => {
  let alice: Session;
  let bob: Session;
  test.beforeAll(async ({ server }) => {
    alice = await signUpAndSignIn(server);
    bob = await signUpAndSignIn(server);
  });
  test.beforeEach(async ({ server }) => {
    await server.app.database.db.deleteFrom('bookmarks').execute();
  });

  test('add, list and remove one’s own bookmarks', async ({ server }) => {
    const created = await add(server, alice, { project_id: 3 });
    expect(created.status).toBe(201);
    expect(bookmarkSchema.parse(created.body)).toMatchObject({ project_id: 3, user_id: alice.user.id });
    await add(server, alice, { project_id: 9 });
    expect((await list(server, alice)).map((b) => b.project_id)).toEqual([3, 9]);
    const removed = await remove(server, alice, 3);
    expect(removed.status).toBe(204);
    expect((await list(server, alice)).map((b) => b.project_id)).toEqual([9]);
    // Removing again is harmless.
    expect((await remove(server, alice, 3)).status).toBe(204);
  });

  test('a repeated add keeps one row and answers 200 with the same bookmark', async ({ server }) => {
    const first = bookmarkSchema.parse((await add(server, alice, { project_id: 5 })).body);
    const again = await add(server, alice, { project_id: 5 });
    expect(again.status).toBe(200);
    expect(bookmarkSchema.parse(again.body).id).toBe(first.id);
    expect(await rowCount(server)).toBe(1);
  });

  test('20 parallel adds of the same project leave exactly one row and no 5xx', async ({ server }) => {
    const results = await Promise.all(Array.from({ length: 20 }, () => add(server, alice, { project_id: 7 })));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await rowCount(server)).toBe(1);
  });

  test('members never see or remove each other’s bookmarks', async ({ server }) => {
    await add(server, alice, { project_id: 1 });
    await add(server, bob, { project_id: 2 });
    expect((await list(server, alice)).map((b) => b.project_id)).toEqual([1]);
    expect((await list(server, bob)).map((b) => b.project_id)).toEqual([2]);
    // Bob deleting project 1 only touches Bob's (absent) bookmark.
    expect((await remove(server, bob, 1)).status).toBe(204);
    expect((await list(server, alice)).map((b) => b.project_id)).toEqual([1]);
    // A user_id in the body is not how ownership is decided: it is refused.
    const forged = await add(server, bob, { project_id: 4, user_id: alice.user.id });
    expect(forged.status).toBe(400);
    expect((await list(server, alice)).map((b) => b.project_id)).toEqual([1]);
  });

  test.for<[label: string, body: unknown]>([
    ['0', { project_id: 0 }],
    ['10', { project_id: 10 }],
    ['-1', { project_id: -1 }],
    ['1.5', { project_id: 1.5 }],
    ['"3"', { project_id: '3' }],
    ['null', { project_id: null }],
    ['missing', {}],
    ['an unknown field', { project_id: 2, note: 'x' }],
  ])('refuses project_id %s with a clear 400 and writes nothing', async ([_label, body], { server }) => {
    const res = await add(server, alice, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect(apiErrorSchema.parse(res.body).error.message).toMatch(/project_id|note/);
    expect(await rowCount(server)).toBe(0);
  });

  test.for(['0', '10', '-1', '1.5', 'abc', '3x'])('DELETE /api/bookmarks/%s is a 400', async (id, { server }) => {
    const res = await remove(server, alice, id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
  });

  test('without a token or with a bad one: 401 and nothing changes', async ({ server }) => {
    await add(server, alice, { project_id: 6 });
    expect((await add(server, null, { project_id: 1 })).status).toBe(401);
    expect((await remove(server, null, 6)).status).toBe(401);
    expect((await request(server, '/api/bookmarks')).status).toBe(401);
    const forged = { ...alice, access_token: `${alice.access_token}x` };
    expect((await add(server, forged, { project_id: 2 })).status).toBe(401);
    expect((await remove(server, forged, 6)).status).toBe(401);
    expect((await list(server, alice)).map((b) => b.project_id)).toEqual([6]);
  });
});
