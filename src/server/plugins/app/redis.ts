import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared counters for several instances; null when `REDIS_URL` is not set. */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(
  async (app) => {
    const { redisUrl } = app.config;
    // Loaded only when configured: a single instance keeps its counters in memory.
    const redis = redisUrl
      ? new (await import('ioredis')).Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
      : null;
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  },
  { name: 'redis', dependencies: ['config'] },
);
