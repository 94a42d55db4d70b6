import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { redisWithLocalFallback } from './rate-limit-store.ts';

/**
 * Rate limits are set per route (sign-up, token); counters live in Redis when several instances
 * share them (and in this process while Redis is unreachable), otherwise in this process.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { redis, redisFallback, config } = app;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: redisWithLocalFallback(redis, `${config.redisKeyPrefix}rate-limit:`, redisFallback) } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'over_request_rate_limit',
        message: `Too many requests. Try again in ${context.after}.`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);
