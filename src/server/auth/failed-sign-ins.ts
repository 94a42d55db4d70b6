import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/** How many failed sign-ins are tolerated per account, and per account from one address. */
export interface FailedSignInLimits {
  readonly perAccount: Limit;
  readonly perAccountAndAddress: Limit;
}

/**
 * Failed password sign-ins, counted per account and per (account, address) in fixed windows, in
 * Redis when several instances must share the counts, otherwise in this process.
 *
 * An address is refused for an account when it has failed too often for that account, or when the
 * account has had its share of failures (OWASP ASVS 4.0.3 2.2.1: at most 100 an hour) and this
 * address took part. An address that has not failed may still sign in, so an attacker cannot lock
 * the owner out (ASVS 5.0 6.1.1: the controls must prevent malicious account lockout).
 */
export interface FailedSignIns {
  isRefused(email: string, address: string): Promise<boolean>;
  recordFailure(email: string, address: string): Promise<void>;
  /** A correct password: the address's failures for this account are forgiven. */
  recordSuccess(email: string, address: string): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The e-mail and address never become cache keys themselves (keys show up in Redis tooling). */
function keysOf(email: string, address: string, prefix = '') {
  return {
    account: `${prefix}failed-sign-ins:account:${digest(email)}`,
    pair: `${prefix}failed-sign-ins:address:${digest(`${email}\n${address}`)}`,
  };
}

function refused(limits: FailedSignInLimits, accountFailures: number, pairFailures: number): boolean {
  if (pairFailures >= limits.perAccountAndAddress.max) return true;
  return accountFailures >= limits.perAccount.max && pairFailures > 0;
}

export function memoryFailedSignIns(limits: FailedSignInLimits): FailedSignIns {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= Date.now()) {
      counts.delete(key);
      return 0;
    }
    return entry?.count ?? 0;
  };
  const increment = (key: string, windowMs: number) => {
    const entry = current(key) > 0 ? counts.get(key) : undefined;
    if (entry) entry.count++;
    else counts.set(key, { count: 1, resetAt: Date.now() + windowMs });
  };
  return {
    async isRefused(email, address) {
      const keys = keysOf(email, address);
      return refused(limits, current(keys.account), current(keys.pair));
    },
    async recordFailure(email, address) {
      const keys = keysOf(email, address);
      increment(keys.account, limits.perAccount.windowMs);
      increment(keys.pair, limits.perAccountAndAddress.windowMs);
      // Keep memory bounded: forget windows that have ended.
      if (counts.size > 10_000) {
        for (const [key, value] of counts) if (value.resetAt <= Date.now()) counts.delete(key);
      }
    },
    async recordSuccess(email, address) {
      counts.delete(keysOf(email, address).pair);
    },
  };
}

export function redisFailedSignIns(redis: Redis, limits: FailedSignInLimits, prefix: string): FailedSignIns {
  const increment = async (key: string, windowMs: number) => {
    const count = await redis.incr(key);
    if (count === 1) await redis.pexpire(key, windowMs);
  };
  return {
    async isRefused(email, address) {
      const keys = keysOf(email, address, prefix);
      const [account, pair] = await redis.mget(keys.account, keys.pair);
      return refused(limits, Number(account ?? 0), Number(pair ?? 0));
    },
    async recordFailure(email, address) {
      const keys = keysOf(email, address, prefix);
      await increment(keys.account, limits.perAccount.windowMs);
      await increment(keys.pair, limits.perAccountAndAddress.windowMs);
    },
    async recordSuccess(email, address) {
      await redis.del(keysOf(email, address, prefix).pair);
    },
  };
}

/**
 * The Redis counts while Redis answers, this process's while it does not: a Redis restart makes
 * the counts per instance for a while instead of failing sign-ins.
 */
export function withMemoryFallback(
  shared: FailedSignIns,
  local: FailedSignIns,
  redisReady: () => boolean,
  onFallback: (reason: string) => void,
): FailedSignIns {
  const either =
    <A extends unknown[], R>(method: (counts: FailedSignIns) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!redisReady()) {
        onFallback('Redis is not connected');
        return method(local)(...args);
      }
      try {
        return await method(shared)(...args);
      } catch (error) {
        onFallback(error instanceof Error ? error.message : String(error));
        return method(local)(...args);
      }
    };
  return {
    isRefused: either((counts) => counts.isRefused.bind(counts)),
    recordFailure: either((counts) => counts.recordFailure.bind(counts)),
    recordSuccess: either((counts) => counts.recordSuccess.bind(counts)),
  };
}
