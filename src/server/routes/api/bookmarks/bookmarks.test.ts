import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookmarkListSchema, bookmarkSchema } from '#shared/schemas/bookmark.ts';
import {
  bearer,
  request,
  signUpAndSignIn,
  startTestServer,
  TEST_DATABASES,
  type TestServer,
  type TestSession,
} from '#test/test-server.ts';

describe.each(TEST_DATABASES)('bookmarks API on %s', (kind) => {
  let server: TestServer;
  let alice: TestSession;
  let bob: TestSession;
  const add = (session: TestSession | null, json: unknown) =>
    request(server, '/api/bookmarks', { method: 'POST', json, headers: session ? bearer(session.access_token) : {} });
  const remove = (session: TestSession | null, projectId: string | number) =>
    request(server, `/api/bookmarks/${projectId}`, {
      method: 'DELETE',
      headers: session ? bearer(session.access_token) : {},
    });
  const list = async (session: TestSession) => {
    const res = await request(server, '/api/bookmarks', { headers: bearer(session.access_token) });
    expect(res.status).toBe(200);
    return bookmarkListSchema.parse(res.body);
  };
  const rowCount = async () =>
    Number(
      (
        await server.app.database.db
          .selectFrom('bookmarks')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await signUpAndSignIn(server);
    bob = await signUpAndSignIn(server);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.app.database.db.deleteFrom('bookmarks').execute();
  });

  it('add, list and remove one’s own bookmarks', async () => {
    const created = await add(alice, { project_id: 3 });
    expect(created.status).toBe(201);
    expect(bookmarkSchema.parse(created.body)).toMatchObject({ project_id: 3, user_id: alice.user.id });
    await add(alice, { project_id: 9 });
    expect((await list(alice)).map((b) => b.project_id)).toEqual([3, 9]);
    const removed = await remove(alice, 3);
    expect(removed.status).toBe(204);
    expect((await list(alice)).map((b) => b.project_id)).toEqual([9]);
    // Removing again is harmless.
    expect((await remove(alice, 3)).status).toBe(204);
  });

  it('a repeated add keeps one row and answers 200 with the same bookmark', async () => {
    const first = bookmarkSchema.parse((await add(alice, { project_id: 5 })).body);
    const again = await add(alice, { project_id: 5 });
    expect(again.status).toBe(200);
    expect(bookmarkSchema.parse(again.body).id).toBe(first.id);
    expect(await rowCount()).toBe(1);
  });

  it('20 parallel adds of the same project leave exactly one row and no 5xx', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => add(alice, { project_id: 7 })));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await rowCount()).toBe(1);
  });

  it('members never see or remove each other’s bookmarks', async () => {
    await add(alice, { project_id: 1 });
    await add(bob, { project_id: 2 });
    expect((await list(alice)).map((b) => b.project_id)).toEqual([1]);
    expect((await list(bob)).map((b) => b.project_id)).toEqual([2]);
    // Bob deleting project 1 only touches Bob's (absent) bookmark.
    expect((await remove(bob, 1)).status).toBe(204);
    expect((await list(alice)).map((b) => b.project_id)).toEqual([1]);
    // A user_id in the body is not how ownership is decided: it is refused.
    const forged = await add(bob, { project_id: 4, user_id: alice.user.id });
    expect(forged.status).toBe(400);
    expect((await list(alice)).map((b) => b.project_id)).toEqual([1]);
  });

  it.each([
    ['0', { project_id: 0 }],
    ['10', { project_id: 10 }],
    ['-1', { project_id: -1 }],
    ['1.5', { project_id: 1.5 }],
    ['"3"', { project_id: '3' }],
    ['null', { project_id: null }],
    ['missing', {}],
    ['an unknown field', { project_id: 2, note: 'x' }],
  ])('refuses project_id %s with a clear 400 and writes nothing', async (_label, body) => {
    const res = await add(alice, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect((res.body as { error: { message: string } }).error.message).toMatch(/project_id|note/);
    expect(await rowCount()).toBe(0);
  });

  it.each(['0', '10', '-1', '1.5', 'abc', '3x'])('DELETE /api/bookmarks/%s is a 400', async (id) => {
    const res = await remove(alice, id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('without a token or with a bad one: 401 and nothing changes', async () => {
    await add(alice, { project_id: 6 });
    expect((await add(null, { project_id: 1 })).status).toBe(401);
    expect((await remove(null, 6)).status).toBe(401);
    expect((await request(server, '/api/bookmarks')).status).toBe(401);
    const forged = { ...alice, access_token: `${alice.access_token}x` };
    expect((await add(forged, { project_id: 2 })).status).toBe(401);
    expect((await remove(forged, 6)).status).toBe(401);
    expect((await list(alice)).map((b) => b.project_id)).toEqual([6]);
  });
});
