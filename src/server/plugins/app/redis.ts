import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared counters for several instances; null when `REDIS_URL` is not set. */
    redis: Redis | null;
  }
}

/** Tells once when counting falls back to this instance, and once when Redis counts again. */
class RedisFallbackNotice {
  #degraded = false;
  readonly #log: FastifyBaseLogger;
  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }
  degraded(reason: string): void {
    if (this.#degraded) return;
    this.#degraded = true;
    this.#log.warn(
      { reason },
      'Redis unreachable: rate limits and failed sign-ins count per instance until it is back',
    );
  }
  restored(): void {
    if (!this.#degraded) return;
    this.#degraded = false;
    this.#log.info('Redis reachable again: rate limits are shared by every instance');
  }
}

/** How long the start waits for Redis before serving with per-instance counts. */
const REDIS_START_WAIT_MS = 3_000;

function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}

export const redisPlugin = fp(
  async (app) => {
    const { redisUrl } = app.config;
    // Loaded only when configured: a single instance keeps its counters in memory.
    const redis = redisUrl
      ? new (await import('ioredis')).Redis(redisUrl, {
          lazyConnect: false,
          maxRetriesPerRequest: 1,
          // While Redis is down, commands fail at once (and counting falls back to this instance)
          // instead of queueing behind a reconnect.
          enableOfflineQueue: false,
        })
      : null;
    const notice = new RedisFallbackNotice(app.log);
    // ioredis reconnects by itself; its errors are what the notice reports, not crashes.
    redis?.on('error', (error: Error) => notice.degraded(error.message));
    redis?.on('ready', () => notice.restored());
    // Start counting in Redis from the first request when it is there; start without it when it is not.
    if (redis) await redisReady(redis, REDIS_START_WAIT_MS);
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  },
  { name: 'redis', dependencies: ['config'] },
);
