import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Counts failed sign-ins per account in a fixed window (OWASP ASVS: at most 100 an hour), in
 * Redis when several instances must share the count, otherwise in this process.
 */
export interface FailedSignIns {
  isLocked(email: string): Promise<boolean>;
  recordFailure(email: string): Promise<void>;
  reset(email: string): Promise<void>;
}

function keyOf(email: string, prefix = ''): string {
  // The e-mail itself never becomes a cache key (keys show up in Redis tooling).
  return `${prefix}failed-sign-ins:${createHash('sha256').update(email).digest('base64url')}`;
}

export function memoryFailedSignIns(max: number, windowMs: number): FailedSignIns {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const current = (email: string) => {
    const entry = counts.get(keyOf(email));
    if (entry && entry.resetAt <= Date.now()) {
      counts.delete(keyOf(email));
      return undefined;
    }
    return entry;
  };
  return {
    async isLocked(email) {
      return (current(email)?.count ?? 0) >= max;
    },
    async recordFailure(email) {
      const entry = current(email);
      if (entry) entry.count++;
      else counts.set(keyOf(email), { count: 1, resetAt: Date.now() + windowMs });
      // Keep memory bounded: forget windows that have ended.
      if (counts.size > 10_000) {
        for (const [key, value] of counts) if (value.resetAt <= Date.now()) counts.delete(key);
      }
    },
    async reset(email) {
      counts.delete(keyOf(email));
    },
  };
}

export function redisFailedSignIns(redis: Redis, max: number, windowMs: number, prefix: string): FailedSignIns {
  return {
    async isLocked(email) {
      return Number((await redis.get(keyOf(email, prefix))) ?? 0) >= max;
    },
    async recordFailure(email) {
      const key = keyOf(email, prefix);
      const count = await redis.incr(key);
      if (count === 1) await redis.pexpire(key, windowMs);
    },
    async reset(email) {
      await redis.del(keyOf(email, prefix));
    },
  };
}
