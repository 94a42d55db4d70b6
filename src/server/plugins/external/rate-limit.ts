import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { windowCounter } from '../../window-counter.ts';

/**
 * What @fastify/rate-limit hands a store: its options, merged with a route's (whose `routeInfo` names
 * the route; empty for `createRateLimit`). Parsed, as the plugin's typings do not describe it.
 */
const storeOptionsSchema = z.object({
  max: z.number(),
  timeWindow: z.number(),
  routeInfo: z
    .object({ method: z.union([z.string(), z.array(z.string())]).optional(), url: z.string().optional() })
    .optional(),
});

/**
 * A store for @fastify/rate-limit's public store interface that counts with a window counter per
 * route: in Redis, with this process's memory while Redis does not answer, when Redis is configured.
 */
function windowCounterStore(redis: Redis | null, keyPrefix: string): FastifyRateLimitStoreCtor {
  return class WindowCounterStore implements FastifyRateLimitStore {
    readonly #counter: RateLimiterAbstract;

    constructor(options: unknown) {
      const { max, timeWindow, routeInfo } = storeOptionsSchema.parse(options);
      const route = routeInfo?.url ? `:${[routeInfo.method].flat().join(',')}${routeInfo.url}` : '';
      this.#counter = windowCounter(redis, `${keyPrefix}${route}`, { max, windowMs: timeWindow });
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const answer = (counted: RateLimiterRes) =>
        callback(null, { current: counted.consumedPoints, ttl: counted.msBeforeNext });
      this.#counter.consume(key).then(answer, (refusal: unknown) => {
        // Over the limit is a count like any other; the plugin compares it with `max`.
        if (refusal instanceof RateLimiterRes) answer(refusal);
        else callback(refusal instanceof Error ? refusal : new Error(String(refusal)));
      });
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new WindowCounterStore(routeOptions);
    }
  };
}

/**
 * Rate limits are set per route (sign-up, token); counters live in Redis when several instances
 * share them (and in this process while Redis is unreachable), otherwise in this process.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { redis, config } = app;
    await app.register(rateLimit, {
      global: false,
      store: windowCounterStore(redis, `${config.redisKeyPrefix}rate-limit`),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'over_request_rate_limit',
        message: `Too many requests. Try again in ${context.after}.`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);
