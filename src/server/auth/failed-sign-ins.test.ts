import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testSettings } from '#test/settings.ts';
import { type FailedSignIns, memoryFailedSignIns, redisFailedSignIns } from './failed-sign-ins.ts';

const limits = {
  perAccount: { max: 4, windowMs: 60_000 },
  perAccountAndAddress: { max: 2, windowMs: 60_000 },
};

const redis = testSettings.redisUrl ? new Redis(testSettings.redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

const stores: [string, () => FailedSignIns][] = [['memory', () => memoryFailedSignIns(limits)]];
if (redis) {
  stores.push(['redis', () => redisFailedSignIns(redis, limits, `roboforge-test-${randomBytes(4).toString('hex')}:`)]);
}

describe.each(stores)('failed sign-ins counted in %s', (_name, create) => {
  it('refuse an address after its own failures, and the account only to addresses that failed', async () => {
    const store = create();
    const email = 'owner@example.test';
    await store.recordFailure(email, '10.0.0.1');
    expect(await store.isRefused(email, '10.0.0.1')).toBe(false);
    await store.recordFailure(email, '10.0.0.1');
    expect(await store.isRefused(email, '10.0.0.1')).toBe(true);
    // Another account from the same address is not affected.
    expect(await store.isRefused('other@example.test', '10.0.0.1')).toBe(false);

    await store.recordFailure(email, '10.0.0.2');
    expect(await store.isRefused(email, '10.0.0.2')).toBe(false);
    await store.recordFailure(email, '10.0.0.3');
    // Four failures: the account's share. Addresses that failed are refused; a fresh one is not.
    expect(await store.isRefused(email, '10.0.0.2')).toBe(true);
    expect(await store.isRefused(email, '10.0.0.9')).toBe(false);

    // A correct password forgives that address, not the others.
    await store.recordSuccess(email, '10.0.0.2');
    expect(await store.isRefused(email, '10.0.0.2')).toBe(false);
    expect(await store.isRefused(email, '10.0.0.3')).toBe(true);
  });
});
