import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding } from '#test/needs.ts';
import { RedisServer } from '#test/redis-server.ts';
import { testSettings } from '#test/settings.ts';
import { type FailedSignIns, failedSignIns } from './failed-sign-ins.ts';

const limits = {
  perAccount: { max: 4, windowMs: 60_000 },
  perAccountAndAddress: { max: 2, windowMs: 60_000 },
};

const redis = testSettings.redisUrl ? new Redis(testSettings.redisUrl) : null;
// Counts go to memory until a connection is ready: start with it ready.
beforeAll(async () => {
  await redis?.ping();
});
afterAll(async () => {
  await redis?.quit();
  unreachable.disconnect();
});

const stores: [string, () => FailedSignIns][] = [['memory', () => failedSignIns(null, limits)]];
if (redis) {
  stores.push(['redis', () => failedSignIns(redis, limits, `roboforge-test-${randomBytes(4).toString('hex')}:`)]);
}
// Never connected (as while Redis restarts): the counts are this process's own.
const unreachable = new Redis('redis://127.0.0.1:9', {
  lazyConnect: true,
  enableOfflineQueue: false,
  retryStrategy: () => null,
});
unreachable.on('error', () => undefined);
stores.push(['memory while Redis is unreachable', () => failedSignIns(unreachable, limits, 'unreachable:')]);

describe.each(stores)('failed sign-ins counted in %s', (_name, create) => {
  it('refuse an address after its own failures, and the account only to addresses that failed', async () => {
    const store = create();
    const email = 'owner@example.test';
    // Each attempt is counted before its password is checked; a wrong password leaves it counted.
    expect(await store.attempt(email, '10.0.0.1')).toBe('counted');
    expect(await store.attempt(email, '10.0.0.1')).toBe('counted');
    expect(await store.attempt(email, '10.0.0.1')).toBe('refused');
    // Another account from the same address is not affected.
    expect(await store.attempt('other@example.test', '10.0.0.1')).toBe('counted');

    expect(await store.attempt(email, '10.0.0.2')).toBe('counted');
    expect(await store.attempt(email, '10.0.0.3')).toBe('counted');
    // Four failures: the account's share. Addresses that failed are refused; a fresh one is not.
    expect(await store.attempt(email, '10.0.0.2')).toBe('refused');
    expect(await store.attempt(email, '10.0.0.9')).toBe('counted');
    await store.rightPassword(email, '10.0.0.9');

    // A correct password forgives that address, not the others.
    await store.rightPassword(email, '10.0.0.2');
    expect(await store.attempt(email, '10.0.0.2')).toBe('counted');
    expect(await store.attempt(email, '10.0.0.3')).toBe('refused');
  });

  it('let no more attempts through than the count, however many are sent at once', async () => {
    const store = create();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => store.attempt('racer@example.test', '10.0.1.1')),
    );
    expect(answers.filter((answer) => answer === 'counted')).toHaveLength(limits.perAccountAndAddress.max);
    // Refused attempts counted for nothing: two fresh addresses still fit in the account's share of four.
    expect(await store.attempt('racer@example.test', '10.0.1.2')).toBe('counted');
    expect(await store.attempt('racer@example.test', '10.0.1.3')).toBe('counted');
    expect(await store.attempt('racer@example.test', '10.0.1.2')).toBe('refused');
  });
});

// A Redis of the test's own, with a user it refuses PEXPIRE: as any Redis may refuse or lose the
// second of two calls (out of memory, a dropped connection, a process killed between them).
describeNeeding(['TEST_REDIS_URL'], 'failed sign-ins counted in a Redis that refuses PEXPIRE', () => {
  let server: RedisServer;
  let admin: Redis;
  beforeAll(async () => {
    server = await RedisServer.start();
    admin = new Redis(server.url);
    await admin.acl('SETUSER', 'no-pexpire', 'on', 'nopass', '~*', '&*', '+@all', '-pexpire');
  });
  afterAll(async () => {
    admin.disconnect();
    await server.kill();
  });

  it('leave no count without an expiry, so no address is locked out for ever', async () => {
    const client = new Redis(server.url, { username: 'no-pexpire', password: 'any' });
    try {
      await client.ping();
      const store = failedSignIns(client, limits, 'refusing:');
      await store.attempt('owner@example.test', '10.0.0.1');
      const keys = await admin.keys('refusing:*');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(await admin.pttl(key), key).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});
