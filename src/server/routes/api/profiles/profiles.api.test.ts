import { expect } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { publicProfileListSchema, publicProfileSchema } from '#shared/schemas/profile.ts';
import { insertMember } from '#test/fixtures.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { request, type TestServer } from '#test/test-server.ts';

/** Fixtures write to the database directly; let the server notice, as it would by itself within seconds. */
const settle = (server: TestServer) => server.app.profileFeed.poke();

describeEachDatabase('GET /api/profiles', (test) => {
  test.beforeEach(async ({ server }) => {
    await server.app.database.db.deleteFrom('users').execute();
    server.app.profileList.invalidate();
  });

  test('serves the cached list until a change is seen, then the new one', async ({ server }) => {
    const empty = await request(server, '/api/profiles');
    expect(empty.body).toEqual([]);
    const id = await insertMember(server.app.database, { username: 'newcomer' });
    await settle(server);
    const after = await request(server, '/api/profiles');
    expect(publicProfileListSchema.parse(after.body).map((p) => p.id)).toEqual([id]);
    expect(after.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  test('sends the list compressed to clients that accept it', async ({ server }) => {
    await insertMember(server.app.database, { username: 'squeezed', bio: 'x'.repeat(500) });
    await settle(server);
    for (const encoding of ['br', 'gzip']) {
      const res = await request(server, '/api/profiles', { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('accept-encoding');
      expect(publicProfileListSchema.parse(res.body)[0]?.username).toBe('squeezed');
    }
  });

  test('returns an empty list when nobody has joined', async ({ server }) => {
    const res = await request(server, '/api/profiles');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  test('lists members newest first with public fields only', async ({ server }) => {
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
    await settle(server);

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
    // Parsed keeping unknown keys, so that an extra one shows.
    for (const profile of z.array(publicProfileSchema.loose()).parse(res.body)) {
      expect(Object.keys(profile).sort()).toEqual(['avatar_url', 'bio', 'created_at', 'email', 'id', 'username']);
    }
    expect(res.text).not.toContain('not-a-real-hash');
  });

  test('shows an e-mail only for members who opted in', async ({ server }) => {
    const db = server.app.database.db;
    const shy = await insertMember(server.app.database, { email: 'shy@example.test', showEmail: false });
    const open = await insertMember(server.app.database, { email: 'open@example.test', showEmail: true });
    // Even if an e-mail were stored without the opt-in flag, it stays private.
    await db.updateTable('profiles').set({ email: 'shy@example.test' }).where('id', '=', shy).execute();
    await settle(server);

    const res = await request(server, '/api/profiles');
    const profiles = publicProfileListSchema.parse(res.body);
    expect(profiles.find((p) => p.id === shy)?.email).toBeNull();
    expect(profiles.find((p) => p.id === open)?.email).toBe('open@example.test');
    expect(res.text).not.toContain('shy@example.test');
  });

  test.for(['?limit=5', '?order=asc', '?x[]=1'])(
    'rejects the unknown query %s with a clear 400',
    async (query, { server }) => {
      const res = await request(server, `/api/profiles${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
      expect(apiErrorSchema.parse(res.body).error.message).toMatch(/querystring/);
    },
  );

  test('answers unknown API paths and methods with a JSON 404', async ({ server }) => {
    const unknown = await request(server, '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'Nothing here: GET /api/nothing-here' } });
    const wrongMethod = await request(server, '/api/profiles', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body).toMatchObject({ error: { code: 'not_found' } });
  });
});
