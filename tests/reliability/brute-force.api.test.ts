import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { describeNeeding } from '#test/needs.ts';
import { serverTest } from '#test/server-fixture.ts';
import { testSettings } from '#test/settings.ts';
import { startTestServer, type TestServer } from '#test/test-server.ts';

/** Sign-in attempts allowed per address in these tests (the product's is 150 per 5 minutes). */
const TOKEN_LIMIT = 5;

/** A sign-in attempt from a chosen loopback address (127.0.0.0/8 all reaches the server). */
function signInFrom(
  server: TestServer,
  fromAddress: string,
  email: string,
): Promise<{ status: number; retryAfter: string | null; body: string }> {
  const url = new URL('/api/auth/token?grant_type=password', server.baseUrl);
  const payload = JSON.stringify({ email, password: 'not-the-password' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: fromAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] ?? null, body }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const limits = { ...DEFAULT_RATE_LIMITS, tokenPerAddress: { max: TOKEN_LIMIT, windowMs: 60_000 } };

/** Resolves once the server's Redis connection is ready (the server does not wait for it to start). */
async function redisReady(server: TestServer): Promise<void> {
  const { redis } = server.app;
  if (redis && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
}

const test = serverTest('sqlite', { auth: { issuer: 'roboforge-test', signingKey: null, rateLimits: limits } });

describe('brute force from one address', () => {
  test('is limited with 429 and Retry-After, while another address is unaffected', async ({ server }) => {
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_LIMIT + 3; i++)
      statuses.push((await signInFrom(server, '127.0.0.11', `guess${i}@example.test`)).status);
    expect(statuses.slice(0, TOKEN_LIMIT)).toEqual(Array(TOKEN_LIMIT).fill(400));
    expect(statuses.slice(TOKEN_LIMIT)).toEqual([429, 429, 429]);
    const limited = await signInFrom(server, '127.0.0.11', 'guess@example.test');
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(JSON.parse(limited.body))).toMatchObject({
      error: { code: 'over_request_rate_limit' },
    });

    const other = await signInFrom(server, '127.0.0.12', 'someone@example.test');
    expect(other.status).toBe(400);
  });
});

describeNeeding(['TEST_REDIS_URL'], 'brute force across instances sharing Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const { redisUrl } = testSettings;
    const prefix = `roboforge-test-${crypto.randomUUID().slice(0, 8)}:`;
    a = await startTestServer('sqlite', {
      redisUrl,
      redisKeyPrefix: prefix,
      auth: { issuer: 'roboforge-test', signingKey: null, rateLimits: limits },
    });
    b = await startTestServer('sqlite', {
      redisUrl,
      redisKeyPrefix: prefix,
      auth: { issuer: 'roboforge-test', signingKey: null, rateLimits: limits },
    });
    // Until its connection is ready, an instance counts on its own (and says so in its log).
    await Promise.all([redisReady(a), redisReady(b)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('counts attempts on A and B together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_LIMIT; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await signInFrom(server, '127.0.0.21', `shared${i}@example.test`)).status);
    }
    expect(statuses).toEqual(Array(TOKEN_LIMIT).fill(400));
    // The budget is spent across both: each instance now refuses this address.
    expect((await signInFrom(a, '127.0.0.21', 'next@example.test')).status).toBe(429);
    expect((await signInFrom(b, '127.0.0.21', 'next@example.test')).status).toBe(429);
    expect((await signInFrom(b, '127.0.0.22', 'fresh@example.test')).status).toBe(400);
  });
});
