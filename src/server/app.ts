import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Database, migrateToLatest, openDatabase } from './db/database.ts';
import { ProfileListCache } from './db/profile-list-cache.ts';
import { profilesRepository } from './db/profiles-repository.ts';
import type { AppConfig } from './env.ts';
import { registerAuth } from './plugins/auth.ts';
import { answerClientError, registerErrorHandling, sendFrameworkError } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { ProfileFeed } from './realtime/profile-feed.ts';
import { authRoutes } from './routes/api/auth.ts';
import { bookmarkRoutes } from './routes/api/bookmarks.ts';
import { healthRoutes } from './routes/api/health.ts';
import { profileRoutes } from './routes/api/profiles.ts';
import { realtimeRoutes } from './routes/api/realtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: AppConfig;
    profileFeed: ProfileFeed;
    profileList: ProfileListCache;
  }
}

/** Request bodies are small JSON documents; anything bigger is refused before it is parsed. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The whole application as one Fastify instance, not yet listening: what tests build and what
 * `server.ts` starts. Opens the database and brings its schema up to date first.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens travel in the Authorization header; never write it (or cookies) to the log.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    // A malformed or over-long URL gets the API's error shape and headers, not Fastify's or Node's bare reply.
    frameworkErrors: (error, _request, reply) => sendFrameworkError(error, reply),
    clientErrorHandler: answerClientError,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('database', database);
  app.decorate('config', config);
  const profileFeed = new ProfileFeed(database, app.log);
  await profileFeed.start(config.database.kind === 'postgres' ? config.database.url : null);
  app.decorate('profileFeed', profileFeed);
  const profileList = new ProfileListCache(() => profilesRepository(database).listPublic());
  profileFeed.onChange(() => profileList.invalidate());
  app.decorate('profileList', profileList);
  // Streams never finish by themselves: end them first so closing does not wait on them.
  app.addHook('preClose', async () => profileFeed.close());
  app.addHook('onClose', async () => database.close());

  // The API speaks JSON only: a text/plain body is refused with 415, not parsed as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);

  await registerAuth(app, config);
  // Limits are set per route (sign-up, token); counters live in Redis when several instances share them.
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'over_request_rate_limit',
      message: `Too many requests. Try again in ${context.after}.`,
    }),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(bookmarkRoutes);
      await api.register(realtimeRoutes);
      await api.register(profileRoutes);
    },
    { prefix: '/api' },
  );
  await registerWeb(app, config.webRoot);

  return app;
}
