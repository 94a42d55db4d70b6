import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { setPasswordHashCost } from './auth/passwords.ts';
import type { AppConfig } from './env.ts';
import { authPlugin } from './plugins/app/auth.ts';
import { classesPlugin } from './plugins/app/classes.ts';
import { compilePlugin } from './plugins/app/compile.ts';
import { configPlugin } from './plugins/app/config.ts';
import { databasePlugin } from './plugins/app/database.ts';
import { answerClientError, errorHandlerPlugin, sendFrameworkError } from './plugins/app/error-handler.ts';
import { mailerPlugin } from './plugins/app/mailer.ts';
import { profileFeedPlugin } from './plugins/app/profile-feed.ts';
import { redisPlugin } from './plugins/app/redis.ts';
import { sessionsPlugin } from './plugins/app/sessions.ts';
import { signingKeysPlugin } from './plugins/app/signing-keys.ts';
import { rateLimitPlugin } from './plugins/external/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/external/security-headers.ts';
import { webPlugin } from './plugins/external/web.ts';
import { serializeRequest } from './request-log.ts';
import { accountRoutes } from './routes/api/account/account.ts';
import { adminAuditRoute } from './routes/api/admin/audit.ts';
import { adminMemberRoutes } from './routes/api/admin/members.ts';
import { jwksRoute } from './routes/api/auth/jwks.ts';
import { recoveryRoutes } from './routes/api/auth/recovery.ts';
import { sessionRoutes } from './routes/api/auth/session.ts';
import { signUpRoute } from './routes/api/auth/sign-up.ts';
import { tokenRoute } from './routes/api/auth/token.ts';
import { bookmarkRoutes } from './routes/api/bookmarks/bookmarks.ts';
import { classSignInRoutes } from './routes/api/classes/class-sign-in.ts';
import { classStreamRoute } from './routes/api/classes/class-stream.ts';
import { classRoutes } from './routes/api/classes/classes.ts';
import { learnerRoutes } from './routes/api/classes/learner.ts';
import { healthRoute } from './routes/api/health/health.ts';
import { profileListRoute } from './routes/api/profiles/list.ts';
import { profileRoutes } from './routes/api/profiles/profile.ts';
import { progressRoutes } from './routes/api/progress/progress.ts';
import { profileStreamRoute } from './routes/api/realtime/profile-stream.ts';
import { compileRoute } from './routes/api/sketches/compile.ts';
import { sketchRoutes } from './routes/api/sketches/sketches.ts';

/** Request bodies are small JSON documents; anything bigger is refused before it is parsed. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Time to receive a whole request, headers and body (at most 16 KiB): ample on a slow school network,
 * and a client that trickles its request is answered 408 and closed. Streams are not affected: their
 * request (a GET) is complete when its headers are.
 */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The whole application as one Fastify instance, ready but not yet listening: what tests build
 * and what `server.ts` starts. Each plugin names the plugins it needs (`dependencies`), so the
 * order below is checked by Fastify, not merely followed.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  setPasswordHashCost(config.passwordHashCost ?? 'owasp');
  const requestTimeout = config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens travel in the Authorization header; never write it (or cookies) to the log.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Nor the value of a secret-named query parameter, on any route.
      serializers: { req: serializeRequest },
      ...(config.logStream ? { stream: config.logStream } : {}),
    },
    // A malformed or over-long URL gets the API's error shape and headers, not Fastify's or Node's bare reply.
    frameworkErrors: (error, _request, reply) => sendFrameworkError(error, reply),
    clientErrorHandler: answerClientError,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: requestTimeout,
      // Node looks for requests past their time on this interval (30 s by default).
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor(requestTimeout / 4))),
    },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // The API speaks JSON only: a text/plain body is refused with 415, not parsed as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Application plugins: configuration, data, identity, live updates.
  await app.register(configPlugin, { config });
  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin);
  await app.register(redisPlugin);
  await app.register(signingKeysPlugin);
  await app.register(sessionsPlugin);
  await app.register(authPlugin);
  await app.register(profileFeedPlugin);
  await app.register(mailerPlugin);
  await app.register(classesPlugin);
  await app.register(compilePlugin);

  // External plugins: HTTP concerns around every route.
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoute);
      await api.register(signUpRoute);
      await api.register(tokenRoute);
      await api.register(sessionRoutes);
      await api.register(jwksRoute);
      await api.register(bookmarkRoutes);
      await api.register(progressRoutes);
      await api.register(profileListRoute);
      await api.register(profileRoutes);
      await api.register(profileStreamRoute);
      await api.register(recoveryRoutes);
      await api.register(accountRoutes);
      await api.register(adminMemberRoutes);
      await api.register(adminAuditRoute);
      await api.register(classRoutes);
      await api.register(classSignInRoutes);
      await api.register(learnerRoutes);
      await api.register(classStreamRoute);
      await api.register(compileRoute);
      await api.register(sketchRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin);

  try {
    await app.ready();
  } catch (error) {
    // A plugin failed (a migration, a key): release what the others opened, then report it.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
