import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// @fastify/rate-limit's own stores (CommonJS, typed in ./rate-limit-stores.d.ts).
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import type { RedisFallbackNotice } from '../app/redis.ts';

/**
 * A rate-limit store that counts in Redis while Redis answers and in this process while it does
 * not, so a Redis restart degrades the limits to per-instance counting instead of failing
 * requests (or, with `skipOnError`, dropping the limits altogether).
 */
export function redisWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  notice: RedisFallbackNotice,
): FastifyRateLimitStoreCtor {
  const wrap = (shared: FastifyRateLimitStore, local: FastifyRateLimitStore): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow, max) {
      if (redis.status !== 'ready') {
        notice.degraded(`connection ${redis.status}`);
        local.incr(key, callback, timeWindow, max);
        return;
      }
      shared.incr(
        key,
        (error, result) => {
          if (!error) {
            notice.restored();
            callback(null, result);
            return;
          }
          notice.degraded(error.message);
          local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
    child(routeOptions) {
      return wrap(shared.child(routeOptions), local.child(routeOptions));
    },
  });

  // The class @fastify/rate-limit instantiates with its global options.
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      const shared = new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      const local = new LocalStore(continueExceeding, exponentialBackoff, 5000);
      // biome-ignore lint/correctness/noConstructorReturn: the plugin takes a class and uses what `new` gives
      return wrap(shared, local);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
