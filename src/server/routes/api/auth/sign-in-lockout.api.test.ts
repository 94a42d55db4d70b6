import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import type { TestServer } from '#test/test-server.ts';

const PASSWORD = 'correct horse battery'; // signUpAndSignIn's default

/** A password sign-in sent from one loopback address (all of 127.0.0.0/8 reaches the server). */
function signInFrom(
  server: TestServer,
  fromAddress: string,
  credentials: { email: string; password: string },
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(credentials);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL('/api/auth/token?grant_type=password', server.baseUrl),
      {
        method: 'POST',
        localAddress: fromAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function failRepeatedly(server: TestServer, fromAddress: string, email: string, times: number) {
  const statuses = new Set<number>();
  // A few at a time: each wrong password costs an argon2 hash.
  for (let done = 0; done < times; done += 4) {
    const batch = Array.from({ length: Math.min(4, times - done) }, () =>
      signInFrom(server, fromAddress, { email, password: 'not-the-password' }),
    );
    for (const answer of await Promise.all(batch)) statuses.add(answer.status);
  }
  return [...statuses];
}

describeEachDatabase('failed sign-ins do not lock the owner out', (test) => {
  test('an attacker address fails 100 times; the owner, from another address, still signs in', async ({ server }) => {
    const owner = await signUpAndSignIn(server);
    const { email } = owner.user;
    expect(DEFAULT_RATE_LIMITS.failedSignInsPerAccount.max).toBe(100);
    expect(await failRepeatedly(server, '127.0.0.21', email, 100)).toContain(400);

    // The attacker's address is refused, even with the right password: guessing stays bounded.
    const attacker = await signInFrom(server, '127.0.0.21', { email, password: PASSWORD });
    expect(attacker.status).toBe(429);
    expect(JSON.parse(attacker.body)).toMatchObject({ error: { code: 'over_request_rate_limit' } });

    const ownerAgain = await signInFrom(server, '127.0.0.22', { email, password: PASSWORD });
    expect(ownerAgain.status).toBe(200);
  });
});

const fewFailuresPerAccount = {
  auth: {
    issuer: 'roboforge-test',
    signingKey: null,
    rateLimits: { ...DEFAULT_RATE_LIMITS, failedSignInsPerAccount: { max: 3, windowMs: 60_000 } },
  },
};

describeEachDatabase('failed sign-ins spread over many addresses', fewFailuresPerAccount, (test) => {
  test('once the account has had its share, an address that failed is refused and a fresh one may still try', async ({
    server,
  }) => {
    const owner = await signUpAndSignIn(server);
    const { email } = owner.user;
    for (const address of ['127.0.0.31', '127.0.0.32', '127.0.0.33']) {
      expect(await failRepeatedly(server, address, email, 1)).toEqual([400]);
    }
    // Three failures in all: the account's limit. Each address that took part is now refused.
    const again = await signInFrom(server, '127.0.0.31', { email, password: PASSWORD });
    expect(again.status).toBe(429);
    const fresh = await signInFrom(server, '127.0.0.34', { email, password: PASSWORD });
    expect(fresh.status).toBe(200);
  });
});

describeEachDatabase('wrong passwords sent at once', (test) => {
  test('no more than the count reach the password check, however many race each other', async ({ server }) => {
    const owner = await signUpAndSignIn(server);
    const { email } = owner.user;
    const max = DEFAULT_RATE_LIMITS.failedSignInsPerAccountAndAddress.max;
    // Sent together: each is counted before its (slow) password check, so the ones past the count are refused.
    const answers = await Promise.all(
      Array.from({ length: 3 * max }, () => signInFrom(server, '127.0.0.41', { email, password: 'not-the-password' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * max);
    // A refused attempt counts for nothing: the owner's right password from another address still works,
    // and this address stays refused (its count is full), even with the right password.
    expect((await signInFrom(server, '127.0.0.41', { email, password: PASSWORD })).status).toBe(429);
    expect((await signInFrom(server, '127.0.0.42', { email, password: PASSWORD })).status).toBe(200);
  });
});
