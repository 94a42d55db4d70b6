import { describe, expect } from 'vitest';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { serverTest } from '#test/server-fixture.ts';
import { testSettings } from '#test/settings.ts';
import { request } from '#test/test-server.ts';
import { DEFAULT_RATE_LIMITS } from '../../env.ts';

const LIMIT = 2;
const auth = {
  issuer: 'roboforge-test',
  signingKey: null,
  rateLimits: {
    ...DEFAULT_RATE_LIMITS,
    signupPerAddress: { max: LIMIT, windowMs: 60_000 },
    tokenPerAddress: { max: LIMIT, windowMs: 60_000 },
  },
};

const counters: [string, ReturnType<typeof serverTest>][] = [['in memory', serverTest('sqlite', { auth })]];
if (testSettings.redisUrl) counters.push(['in Redis', serverTest('sqlite', { auth, redisUrl: testSettings.redisUrl })]);

for (const [where, test] of counters) {
  describe(`rate limits counted ${where}`, () => {
    test('over its limit a route answers 429 with the API error and the rate-limit headers; another route counts on its own', async ({
      server,
    }) => {
      const signUp = (i: number) =>
        request(server, '/api/auth/signup', {
          method: 'POST',
          json: { email: `limited${i}@example.test`, password: 'correct horse battery' },
        });
      const first = await signUp(0);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      expect(first.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
      expect(Number(first.headers.get('x-ratelimit-reset'))).toBe(60);
      expect((await signUp(1)).status).toBe(200);

      const limited = await signUp(2);
      expect(limited.status).toBe(429);
      expect(apiErrorSchema.parse(limited.body).error).toMatchObject({
        code: 'over_request_rate_limit',
        message: expect.stringMatching(/^Too many requests\. Try again in \d+ (seconds|minute)\.$/),
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

      const signIn = await request(server, '/api/auth/token?grant_type=password', {
        method: 'POST',
        json: { email: 'limited0@example.test', password: 'not the password' },
      });
      expect(signIn.status).toBe(400);
    });
  });
}
