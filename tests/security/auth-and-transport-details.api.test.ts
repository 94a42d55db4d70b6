import { decodeJwt, SignJWT } from 'jose';
import { afterAll, describe, expect } from 'vitest';
import { type Session, sessionSchema } from '#shared/schemas/auth.ts';
import { writeFixtureWebBuild } from '#test/fixture-web-build.ts';
import { sendRaw } from '#test/raw-request.ts';
import { describeEachDatabase, serverTest } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const PASSWORD = 'correct horse battery'; // signUpAndSignIn's default

describeEachDatabase('auth answers are never cached', (test) => {
  test('every answer that carries a token or a user says Cache-Control: no-store', async ({ server }) => {
    const email = `no-store-${Date.now()}@example.test`;
    const answers = {
      signUp: await request(server, '/api/auth/signup', { method: 'POST', json: { email, password: PASSWORD } }),
      signIn: await request(server, '/api/auth/token?grant_type=password', {
        method: 'POST',
        json: { email, password: PASSWORD },
      }),
    };
    const session = sessionSchema.parse(answers.signIn.body);
    const more = {
      refresh: await request(server, '/api/auth/token?grant_type=refresh_token', {
        method: 'POST',
        json: { refresh_token: session.refresh_token },
      }),
      user: await request(server, '/api/auth/user', { headers: bearer(session.access_token) }),
    };
    for (const [name, answer] of Object.entries({ ...answers, ...more })) {
      expect(answer.status, name).toBe(200);
      expect(answer.headers.get('cache-control'), name).toBe('no-store');
    }
  });
});

/** An access token signed with the server's own key, with the given claims only. */
async function signedWith(server: TestServer, claims: Record<string, unknown>): Promise<string> {
  const { kid, privateKey } = server.app.signingKeys.signingKey();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuer(server.config.auth.issuer)
    .setAudience('authenticated')
    .sign(privateKey);
}

describeEachDatabase('access-token claims', (test) => {
  test('a token signed by the server but missing exp, iat, sub or sid is refused', async ({ server }) => {
    const session: Session = await signUpAndSignIn(server);
    const { sub, email, sid, iat, exp } = decodeJwt(session.access_token);
    const complete = { sub, email, sid, iat, exp, role: 'authenticated' };
    // The complete set of claims works, so each refusal below is the missing claim's doing.
    const works = await request(server, '/api/auth/user', { headers: bearer(await signedWith(server, complete)) });
    expect(works.status).toBe(200);
    for (const missing of ['exp', 'iat', 'sub', 'sid'] as const) {
      const { [missing]: _dropped, ...claims } = complete;
      const res = await request(server, '/api/auth/user', { headers: bearer(await signedWith(server, claims)) });
      expect(res.status, `without ${missing}`).toBe(401);
      expect(res.body, `without ${missing}`).toMatchObject({ error: { code: 'bad_jwt' } });
    }
  });
});

const behindProxy = serverTest('sqlite', { trustProxy: true });

describe('the live stream over HTTPS', () => {
  behindProxy('carries HSTS like every other answer', async ({ server }) => {
    const https = { 'x-forwarded-proto': 'https' };
    const stream = await sendRaw(server.baseUrl, { method: 'GET', path: '/api/realtime/profiles', headers: https });
    expect(stream.streamed).toBe(true);
    const hsts = String(stream.headers['strict-transport-security'] ?? '');
    expect(hsts).toMatch(/max-age=\d+/);
    const other = await sendRaw(server.baseUrl, { method: 'GET', path: '/api/health', headers: https });
    expect(hsts).toBe(other.headers['strict-transport-security']);
    const plain = await sendRaw(server.baseUrl, { method: 'GET', path: '/api/realtime/profiles' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

const build = writeFixtureWebBuild();
afterAll(() => build.remove());
const withWebBuild = serverTest('sqlite', { webRoot: build.webRoot });

describe('over-long /api paths with the web app served beside the API', () => {
  withWebBuild('answer 404 not_found or 414 uri_too_long, never 403', async ({ server }) => {
    for (const path of [
      `/api/${'a'.repeat(300)}`,
      `/api/${'a'.repeat(5000)}`,
      `/api/profiles/${'a'.repeat(5000)}`,
      `/api/x/${'abc/'.repeat(1500)}`,
    ]) {
      const answer = await sendRaw(server.baseUrl, { method: 'GET', path });
      const expected = answer.status === 414 ? 'uri_too_long' : 'not_found';
      expect([404, 414], path.slice(0, 30)).toContain(answer.status);
      expect(JSON.parse(answer.text), path.slice(0, 30)).toMatchObject({ error: { code: expected } });
    }
  });
});
