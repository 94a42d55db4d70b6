import { expect } from 'vitest';
import { type Session, sessionSchema } from '#shared/schemas/auth.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const PASSWORD = 'correct horse battery'; // signUpAndSignIn's default

async function signIn(server: TestServer, email: string): Promise<Session> {
  const res = await request(server, '/api/auth/token?grant_type=password', {
    method: 'POST',
    json: { email, password: PASSWORD },
  });
  return sessionSchema.parse(res.body);
}

const isSignedIn = async (server: TestServer, session: Session) =>
  (await request(server, '/api/auth/user', { headers: bearer(session.access_token) })).status === 200;

const logout = (server: TestServer, session: Session, query = '', init: RequestInit = {}) =>
  request(server, `/api/auth/logout${query}`, {
    method: 'POST',
    ...init,
    headers: { ...bearer(session.access_token), ...(init.headers as Record<string, string> | undefined) },
  });

describeEachDatabase('POST /api/auth/logout', (test) => {
  test('accepts an empty body sent as application/json (what Supabase’s auth client sends) and revokes', async ({
    server,
  }) => {
    const session = await signUpAndSignIn(server);
    const res = await logout(server, session, '', { headers: { 'content-type': 'application/json' }, body: '' });
    expect(res.status).toBe(204);
    expect(await isSignedIn(server, session)).toBe(false);
  });

  test('accepts an empty JSON object too, and refuses any field', async ({ server }) => {
    const session = await signUpAndSignIn(server);
    const refused = await logout(server, session, '', {
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(refused.status).toBe(400);
    expect(await isSignedIn(server, session)).toBe(true);
    const res = await logout(server, session, '', { headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(204);
    expect(await isSignedIn(server, session)).toBe(false);
  });

  test('still refuses malformed JSON', async ({ server }) => {
    const session = await signUpAndSignIn(server);
    const res = await logout(server, session, '', { headers: { 'content-type': 'application/json' }, body: '{' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_json' } });
  });

  test('scope=local (the default) ends this session only', async ({ server }) => {
    const laptop = await signUpAndSignIn(server);
    const phone = await signIn(server, laptop.user.email);
    expect((await logout(server, laptop, '?scope=local')).status).toBe(204);
    expect(await isSignedIn(server, laptop)).toBe(false);
    expect(await isSignedIn(server, phone)).toBe(true);
  });

  test('scope=global ends every session of the account, and no one else’s', async ({ server }) => {
    const laptop = await signUpAndSignIn(server);
    const phone = await signIn(server, laptop.user.email);
    const stranger = await signUpAndSignIn(server);
    expect((await logout(server, laptop, '?scope=global')).status).toBe(204);
    expect(await isSignedIn(server, laptop)).toBe(false);
    expect(await isSignedIn(server, phone)).toBe(false);
    const refresh = await request(server, '/api/auth/token?grant_type=refresh_token', {
      method: 'POST',
      json: { refresh_token: phone.refresh_token },
    });
    expect(refresh.status).toBe(400);
    expect(await isSignedIn(server, stranger)).toBe(true);
  });

  test('scope=others ends every other session and keeps this one', async ({ server }) => {
    const laptop = await signUpAndSignIn(server);
    const phone = await signIn(server, laptop.user.email);
    const tablet = await signIn(server, laptop.user.email);
    expect((await logout(server, laptop, '?scope=others')).status).toBe(204);
    expect(await isSignedIn(server, laptop)).toBe(true);
    expect(await isSignedIn(server, phone)).toBe(false);
    expect(await isSignedIn(server, tablet)).toBe(false);
  });

  test('refuses an unknown scope or query field with 400 and revokes nothing', async ({ server }) => {
    const session = await signUpAndSignIn(server);
    for (const query of ['?scope=everyone', '?scope=', '?other=1']) {
      const res = await logout(server, session, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect(await isSignedIn(server, session)).toBe(true);
  });
});
