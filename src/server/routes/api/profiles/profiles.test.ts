import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { insertMember } from '#test/fixtures.ts';
import { request, startTestServer, TEST_DATABASES, type TestServer } from '#test/test-server.ts';

describe.each(TEST_DATABASES)('GET /api/profiles on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.app.database.db.deleteFrom('users').execute();
    server.app.profileList.invalidate();
  });
  /** Fixtures write to the database directly; let the server notice, as it would by itself within seconds. */
  const settle = () => server.app.profileFeed.poke();

  it('serves the cached list until a change is seen, then the new one', async () => {
    const empty = await request(server, '/api/profiles');
    expect(empty.body).toEqual([]);
    const id = await insertMember(server.app.database, { username: 'newcomer' });
    await settle();
    const after = await request(server, '/api/profiles');
    expect((after.body as { id: string }[]).map((p) => p.id)).toEqual([id]);
    expect(after.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('sends the list compressed to clients that accept it', async () => {
    await insertMember(server.app.database, { username: 'squeezed', bio: 'x'.repeat(500) });
    await settle();
    for (const encoding of ['br', 'gzip']) {
      const res = await request(server, '/api/profiles', { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('accept-encoding');
      expect((res.body as { username: string }[])[0]?.username).toBe('squeezed');
    }
  });

  it('returns an empty list when nobody has joined', async () => {
    const res = await request(server, '/api/profiles');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists members newest first with public fields only', async () => {
    const oldest = await insertMember(server.app.database, {
      username: 'ada',
      bio: 'First!',
      createdAt: '2026-01-01T10:00:00.000Z',
    });
    const newest = await insertMember(server.app.database, {
      username: 'linus',
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    const middle = await insertMember(server.app.database, { username: null, createdAt: '2026-02-01T10:00:00.000Z' });
    await settle();

    const res = await request(server, '/api/profiles');
    expect(res.status).toBe(200);
    const profiles = publicProfileListSchema.parse(res.body);
    expect(profiles.map((p) => p.id)).toEqual([newest, middle, oldest]);
    expect(profiles[2]).toEqual({
      id: oldest,
      username: 'ada',
      bio: 'First!',
      avatar_url: null,
      email: null,
      created_at: '2026-01-01T10:00:00.000Z',
    });
    // No private column (password hash, username key, opt-in flag) leaks into the answer.
    for (const profile of res.body as object[]) {
      expect(Object.keys(profile).sort()).toEqual(['avatar_url', 'bio', 'created_at', 'email', 'id', 'username']);
    }
    expect(res.text).not.toContain('not-a-real-hash');
  });

  it('shows an e-mail only for members who opted in', async () => {
    const db = server.app.database.db;
    const shy = await insertMember(server.app.database, { email: 'shy@example.test', showEmail: false });
    const open = await insertMember(server.app.database, { email: 'open@example.test', showEmail: true });
    // Even if an e-mail were stored without the opt-in flag, it stays private.
    await db.updateTable('profiles').set({ email: 'shy@example.test' }).where('id', '=', shy).execute();
    await settle();

    const res = await request(server, '/api/profiles');
    const profiles = publicProfileListSchema.parse(res.body);
    expect(profiles.find((p) => p.id === shy)?.email).toBeNull();
    expect(profiles.find((p) => p.id === open)?.email).toBe('open@example.test');
    expect(res.text).not.toContain('shy@example.test');
  });

  it.each(['?limit=5', '?order=asc', '?x[]=1'])('rejects the unknown query %s with a clear 400', async (query) => {
    const res = await request(server, `/api/profiles${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect((res.body as { error: { message: string } }).error.message).toMatch(/querystring/);
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    const unknown = await request(server, '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'Nothing here: GET /api/nothing-here' } });
    const wrongMethod = await request(server, '/api/profiles', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body).toMatchObject({ error: { code: 'not_found' } });
  });
});
