import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { LogCapture } from '#test/log-capture.ts';
import { describeNeeding } from '#test/needs.ts';
import { RedisServer } from '#test/redis-server.ts';
import { request, startTestServer, type TestServer } from '#test/test-server.ts';

const TOKEN_LIMIT = 6;

/** A password sign-in for an account that does not exist: 400, and one token call counted. */
const tokenCall = (server: TestServer) =>
  request(server, '/api/auth/token?grant_type=password', {
    method: 'POST',
    json: { email: 'nobody@example.test', password: 'wrong password' },
  });

async function callsUntilLimited(server: TestServer): Promise<number[]> {
  const statuses: number[] = [];
  while (statuses.length <= TOKEN_LIMIT * 2 && statuses.at(-1) !== 429) statuses.push((await tokenCall(server)).status);
  return statuses;
}

// With the suites that share Redis (TEST_REDIS_URL set); the Redis here is the test's own.
describeNeeding(['TEST_REDIS_URL'], 'a Redis restart under two instances', () => {
  let redis: RedisServer;
  const logs = [new LogCapture(), new LogCapture()];
  const servers: TestServer[] = [];
  beforeAll(async () => {
    redis = await RedisServer.start();
    const rateLimits = { ...DEFAULT_RATE_LIMITS, tokenPerAddress: { max: TOKEN_LIMIT, windowMs: 60_000 } };
    const first = await startTestServer('sqlite', {
      redisUrl: redis.url,
      logLevel: 'info',
      logStream: logs[0],
      auth: { issuer: 'roboforge-test', signingKey: null, rateLimits },
    });
    servers.push(first);
    servers.push(
      await startTestServer('sqlite', {
        redisUrl: redis.url,
        redisKeyPrefix: first.config.redisKeyPrefix,
        logLevel: 'info',
        logStream: logs[1],
        auth: { issuer: 'roboforge-test', signingKey: null, rateLimits },
      }),
    );
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await redis.kill();
  });

  it('counts in Redis across instances, per instance while Redis is down, and in Redis again after', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers did not start');
    // Shared: half the calls through each instance use up one common limit.
    for (let i = 0; i < TOKEN_LIMIT / 2; i++) {
      expect((await tokenCall(a)).status).toBe(400);
      expect((await tokenCall(b)).status).toBe(400);
    }
    const limited = await tokenCall(a);
    expect(limited.status).toBe(429);
    expect(apiErrorSchema.parse(limited.body).error.code).toBe('over_request_rate_limit');

    await redis.kill();
    // Down: no request fails; each instance counts on its own (so each allows the whole limit again).
    const aWhileDown = await callsUntilLimited(a);
    const bWhileDown = await callsUntilLimited(b);
    expect(aWhileDown).toEqual([...Array(TOKEN_LIMIT).fill(400), 429]);
    expect(bWhileDown).toEqual([...Array(TOKEN_LIMIT).fill(400), 429]);
    // The notice is logged as the fallback starts; the log stream may deliver it a moment later.
    const noticed = Date.now() + 5_000;
    while (!logs.every((log) => log.text.includes('Redis unreachable')) && Date.now() < noticed) await sleep(50);
    for (const log of logs) expect(log.text).toContain('Redis unreachable');

    await redis.start();
    // Back: ioredis reconnects by itself; then the limit is shared again (a fresh Redis, fresh counts).
    const deadline = Date.now() + 15_000;
    while (!logs.every((log) => log.text.includes('Redis reachable again')) && Date.now() < deadline) await sleep(100);
    for (const log of logs) expect(log.text).toContain('Redis reachable again');
    for (let i = 0; i < TOKEN_LIMIT / 2; i++) {
      expect((await tokenCall(a)).status).toBe(400);
      expect((await tokenCall(b)).status).toBe(400);
    }
    expect((await tokenCall(b)).status).toBe(429);
  }, 60_000);
});
