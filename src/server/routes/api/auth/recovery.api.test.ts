import { request as httpRequest } from 'node:http';
import { afterAll, expect } from 'vitest';
import { DEFAULT_RECOVERY_LIMITS } from '#server/env.ts';
import { RESET_PASSWORD_PATH } from '#shared/constants.ts';
import { sessionSchema } from '#shared/schemas/auth.ts';
import { authSettingsSchema, recoverResponseSchema } from '#shared/schemas/recovery.ts';
import { isSignedIn, ROOMY_LIMITS, signIn } from '#test/club.ts';
import { startMailServer } from '#test/mail-server.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { PASSWORD, signUpAndSignIn } from '#test/sign-up.ts';
import { request, type TestServer } from '#test/test-server.ts';

const SITE_URL = 'https://club.roboforge.test';
const mailServer = await startMailServer();
afterAll(() => mailServer.close());

const withMail = {
  ...ROOMY_LIMITS,
  // The recovery limits themselves are tested here.
  recoveryLimits: DEFAULT_RECOVERY_LIMITS,
  siteUrl: SITE_URL,
  mail: { smtpUrl: mailServer.url, from: 'RoboForge <robots@club.test>' },
};

/** A recover request sent from one loopback address (all of 127.0.0.0/8 reaches the server). */
function recoverFrom(server: TestServer, fromAddress: string, email: string): Promise<number> {
  const payload = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL('/api/auth/recover', server.baseUrl),
      {
        method: 'POST',
        localAddress: fromAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const recover = (server: TestServer, email: string) =>
  request(server, '/api/auth/recover', { method: 'POST', json: { email } });

/** The token of the reset link in a message's text. */
function linkToken(text: string | undefined): { url: URL; token: string } {
  const match = /https?:\/\/\S+/.exec(text ?? '');
  if (!match) throw new Error(`no link in: ${text}`);
  const url = new URL(match[0]);
  return { url, token: new URLSearchParams(url.hash.slice(1)).get('token') ?? '' };
}

describeEachDatabase('password recovery by e-mail', withMail, (test) => {
  test('settings say e-mail; a member receives a one-time link to SITE_URL and signs in with a new password', async ({
    server,
  }) => {
    expect(authSettingsSchema.parse((await request(server, '/api/auth/settings')).body)).toEqual({
      password_recovery: 'email',
    });
    const member = await signUpAndSignIn(server);
    const seen = mailServer.messages.length;
    const res = await recover(server, ` ${member.user.email.toUpperCase()} `);
    expect(res.status).toBe(202);
    recoverResponseSchema.parse(res.body);

    const mail = await mailServer.nextMessage(seen);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(member.user.email);
    expect(mail.from?.text).toContain('robots@club.test');
    expect(mail.subject).toBe('Reset your RoboForge password');
    const { url, token } = linkToken(mail.text);
    expect(url.origin + url.pathname).toBe(`${SITE_URL}${RESET_PASSWORD_PATH}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const reset = await request(server, '/api/auth/reset', {
      method: 'POST',
      json: { token, password: 'recovered password' },
    });
    expect(reset.status).toBe(200);
    const session = sessionSchema.parse(reset.body);
    expect(await isSignedIn(server, session)).toBe(true);
    expect(await isSignedIn(server, member)).toBe(false);
    await signIn(server, member.user.email, 'recovered password');
    const twice = await request(server, '/api/auth/reset', {
      method: 'POST',
      json: { token, password: 'again again' },
    });
    expect(twice.status).toBe(400);
  });

  test('an unknown or suspended address gets the same answer and no mail', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    await server.app.repos.users.suspend(member.user.id);
    const known = await signUpAndSignIn(server);
    const seen = mailServer.messages.length;
    const unknown = await recover(server, `nobody-${crypto.randomUUID()}@example.test`);
    const suspended = await recover(server, member.user.email);
    const existing = await recover(server, known.user.email);
    expect([unknown.status, suspended.status, existing.status]).toEqual([202, 202, 202]);
    expect(unknown.body).toEqual(existing.body);
    expect(suspended.body).toEqual(existing.body);
    // A control asked after them: once its mail is here, theirs would have come too (each is looked up and sent alike).
    const control = await signUpAndSignIn(server);
    expect((await recover(server, control.user.email)).status).toBe(202);
    await mailServer.nextMessage(seen + 1);
    const recipients = mailServer.messages
      .slice(seen)
      .map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''));
    expect(recipients.sort()).toEqual([known.user.email, control.user.email].sort());
  });

  test('limits: three e-mails per address an hour, and ten requests per client address', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RECOVERY_LIMITS.recoverPerEmail.max; i++) {
      statuses.push(await recoverFrom(server, '127.0.0.41', member.user.email));
    }
    expect(statuses).toEqual([202, 202, 202, 429]);

    const fromOne: number[] = [];
    for (let i = 0; i <= DEFAULT_RECOVERY_LIMITS.recoverPerAddress.max; i++) {
      fromOne.push(await recoverFrom(server, '127.0.0.42', `someone-${i}-${crypto.randomUUID()}@example.test`));
    }
    expect(fromOne.slice(0, -1).every((status) => status === 202)).toBe(true);
    expect(fromOne.at(-1)).toBe(429);
  });

  test('bad input: a malformed e-mail, unknown fields, malformed JSON, a junk token', async ({ server }) => {
    for (const body of [{ email: 'not-an-email' }, { email: 'a@example.test', redirect_to: 'https://evil.test' }, {}]) {
      const res = await request(server, '/api/auth/recover', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const malformed = await request(server, '/api/auth/recover', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email"',
    });
    expect(malformed.body).toMatchObject({ error: { code: 'invalid_json' } });
    for (const body of [
      { token: 'junk', password: 'long enough' },
      { token: '', password: 'long enough' },
      { token: 'x'.repeat(129), password: 'long enough' },
      { token: 'junk', password: 'long enough', email: 'a@example.test' },
    ]) {
      const res = await request(server, '/api/auth/reset', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // The password of nobody changed.
    const member = await signUpAndSignIn(server);
    await signIn(server, member.user.email, PASSWORD);
  });
});

describeEachDatabase('password recovery without mail', ROOMY_LIMITS, (test) => {
  test('settings say admin, and the recover call explains whom to ask', async ({ server }) => {
    expect(authSettingsSchema.parse((await request(server, '/api/auth/settings')).body)).toEqual({
      password_recovery: 'admin',
    });
    const res = await recover(server, 'a@example.test');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'mail_not_configured' } });
    expect((await request(server, '/api/auth/settings?x=1')).status).toBe(400);
  });
});

const unreachableMail = {
  ...ROOMY_LIMITS,
  siteUrl: SITE_URL,
  mail: { smtpUrl: 'smtp://robots:hunter2@127.0.0.1:1', from: 'robots@club.test' },
  logLevel: 'error' as const,
};

describeEachDatabase('password recovery when the mail server is down', unreachableMail, (test) => {
  test('the member gets the usual answer, and the log says why no mail left, without the SMTP password', async ({
    server,
    logs,
  }) => {
    const member = await signUpAndSignIn(server);
    const res = await recover(server, member.user.email);
    expect(res.status).toBe(202);
    await expect.poll(() => logs.text, { timeout: 10_000 }).toContain('mail could not be sent');
    expect(logs.text).not.toContain('hunter2');
  });
});
