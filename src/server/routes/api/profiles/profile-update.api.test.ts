import { expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { publicProfileSchema } from '#shared/schemas/profile.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const patch = (server: TestServer, session: Session | null, id: string, json: unknown) =>
  request(server, `/api/profiles/${id}`, {
    method: 'PATCH',
    json,
    headers: session ? bearer(session.access_token) : {},
  });
const profileRow = (server: TestServer, id: string) =>
  server.app.database.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDatabase('profiles of signed-in members', (test) => {
  let alice: Session;
  let bob: Session;
  test.beforeAll(async ({ server }) => {
    alice = await signUpAndSignIn(server, 'alice@example.test');
    bob = await signUpAndSignIn(server, 'bob@example.test');
  });

  test('GET /api/profiles/:id returns the public profile, 404 for nobody, 400 for a non-id', async ({ server }) => {
    const res = await request(server, `/api/profiles/${alice.user.id}`);
    expect(res.status).toBe(200);
    expect(publicProfileSchema.parse(res.body).id).toBe(alice.user.id);
    const missing = await request(server, `/api/profiles/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'profile_not_found' } });
    const bad = await request(server, '/api/profiles/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'validation_failed' } });
  });

  test('the owner updates username and bio (trimmed), and the change is recorded', async ({ server }) => {
    const res = await patch(server, alice, alice.user.id, {
      username: '  Ada Bot  ',
      bio: ' I build line followers. ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: alice.user.id,
      username: 'Ada Bot',
      bio: 'I build line followers.',
      email: null,
    });
    const changes = await server.app.database.db
      .selectFrom('profile_changes')
      .select('kind')
      .where('profile_id', '=', alice.user.id)
      .orderBy('id')
      .execute();
    expect(changes.map((c) => c.kind)).toEqual(['INSERT', 'UPDATE']);
  });

  test('show_email copies the account e-mail onto the public profile and removes it again (D4)', async ({ server }) => {
    const on = await patch(server, alice, alice.user.id, { show_email: true });
    expect(on.body).toMatchObject({ email: 'alice@example.test' });
    const listed = await request(server, '/api/profiles');
    expect(listed.text).toContain('alice@example.test');
    const off = await patch(server, alice, alice.user.id, { show_email: false });
    expect(off.body).toMatchObject({ email: null });
    expect((await profileRow(server, alice.user.id)).email).toBeNull();
    expect((await request(server, '/api/profiles')).text).not.toContain('alice@example.test');
  });

  test('an empty username clears it', async ({ server }) => {
    await patch(server, bob, bob.user.id, { username: 'bobby' });
    const res = await patch(server, bob, bob.user.id, { username: '   ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: null });
  });

  test('usernames are unique ignoring case', async ({ server }) => {
    await patch(server, alice, alice.user.id, { username: 'RoboQueen' });
    const res = await patch(server, bob, bob.user.id, { username: 'roboqueen' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: { code: 'username_taken', message: 'That username is already taken. Please choose another one.' },
    });
    expect((await profileRow(server, bob.user.id)).username).not.toBe('roboqueen');
  });

  test('nobody changes someone else’s profile: 401 without a token, 403 with another member’s', async ({ server }) => {
    const before = await profileRow(server, alice.user.id);
    const anonymous = await patch(server, null, alice.user.id, { bio: 'hacked' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: { code: 'session_missing', message: 'Auth session missing!' } });
    const other = await patch(server, bob, alice.user.id, { bio: 'hacked' });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: { code: 'forbidden' } });
    const forged = await request(server, `/api/profiles/${alice.user.id}`, {
      method: 'PATCH',
      json: { bio: 'hacked' },
      headers: bearer(`${bob.access_token.slice(0, -4)}AAAA`),
    });
    expect(forged.status).toBe(401);
    expect(await profileRow(server, alice.user.id)).toEqual(before);
  });

  test.for<[label: string, body: unknown, message: RegExp]>([
    ['a 1-character username', { username: 'x' }, /Username must be 2 to 32 characters/],
    ['a 33-character username', { username: 'x'.repeat(33) }, /Username must be 2 to 32 characters/],
    ['a bio over 1,000 characters', { bio: 'b'.repeat(1001) }, /Bio must be at most 1000 characters/],
    ['a number for a username', { username: 42 }, /Username must be text/],
    ['a string for show_email', { show_email: 'yes' }, /show_email must be true or false/],
    ['an unknown field', { username: 'ok name', avatar_url: 'http://evil.test/x.png' }, /avatar_url/],
    ['an e-mail change', { email: 'me@evil.test' }, /email/],
    ['an empty object', {}, /at least one/],
    ['a control character', { username: 'bad\u0007name' }, /control characters/],
  ])('refuses %s with a clear 400 and changes nothing', async ([_label, body, message], { server }) => {
    const before = await profileRow(server, alice.user.id);
    const res = await patch(server, alice, alice.user.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect(apiErrorSchema.parse(res.body).error.message).toMatch(message);
    expect(await profileRow(server, alice.user.id)).toEqual(before);
  });

  test('accepts the limits exactly: 2 and 32 characters, 1,000-character bio, emoji and RTL text', async ({
    server,
  }) => {
    for (const body of [
      { username: 'ab' },
      { username: 'x'.repeat(32) },
      { bio: 'b'.repeat(1000) },
      { username: '🤖 مهندس' },
    ]) {
      const res = await patch(server, alice, alice.user.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(200);
    }
  });

  test('stores markup as plain text', async ({ server }) => {
    const bio = '<img src=x onerror=alert(1)> & <script>alert(2)</script>';
    const res = await patch(server, alice, alice.user.id, { bio });
    expect(res.body).toMatchObject({ bio });
    expect((await profileRow(server, alice.user.id)).bio).toBe(bio);
  });
});
