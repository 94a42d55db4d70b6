import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * Rate limits are set per route (sign-up, token); counters live in Redis when several instances
 * share them, otherwise in this process.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { redis, config } = app;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'over_request_rate_limit',
        message: `Too many requests. Try again in ${context.after}.`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);
