import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** At most `max` in each window of `windowMs` milliseconds (whole seconds). */
export interface WindowLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Counts per key in fixed windows (rate-limiter-flexible), as `${keyPrefix}:${key}`. With Redis,
 * one script counts and sets the expiry together, so no count outlives its window; while Redis is
 * not ready or refuses, this process's memory counts instead (per instance until Redis is back).
 * Without Redis, memory only.
 */
export function windowCounter(redis: Redis | null, keyPrefix: string, limit: WindowLimit): RateLimiterAbstract {
  const duration = limit.windowMs / 1000;
  // The Redis limiter keeps expiries in whole seconds, and under one second counts without any.
  if (!Number.isInteger(duration) || duration < 1) {
    throw new Error(`a counting window must be a whole number of seconds, not ${limit.windowMs} ms`);
  }
  const inMemory = new RateLimiterMemory({ keyPrefix, points: limit.max, duration });
  if (!redis) return inMemory;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: limit.max,
    duration,
    // Commands would fail at once anyway (no offline queue); this skips the attempt.
    rejectIfRedisNotReady: true,
    insuranceLimiter: inMemory,
  });
}
