import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '#shared/schemas/health.ts';
import { apiError } from '../../../plugins/app/error-handler.ts';
import { errorResponses } from '../error-responses.ts';

/**
 * `GET /api/health`: 200 only when the database answers a real read and has not been failing;
 * 503 `database_unavailable` when the read fails, 503 `database_degraded` when queries (writes,
 * above all) have failed on the database itself in the last minute, as a full disk makes them.
 */
export const healthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, ...errorResponses(503) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.repos.health.check();
      } catch (error) {
        request.log.error({ err: error }, 'health check: the database cannot be read');
        return reply.code(503).send(apiError('database_unavailable', 'The database is not reachable.'));
      }
      const failure = app.repos.health.recentFailure();
      if (failure) {
        request.log.warn(
          { failedAt: failure.at.toISOString(), reason: failure.reason },
          'health check: database failing',
        );
        return reply
          .code(503)
          .send(apiError('database_degraded', 'The database answers reads, but queries have been failing on it.'));
      }
      return { status: 'ok' as const };
    },
  );
};
