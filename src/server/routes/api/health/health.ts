import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '#shared/schemas/health.ts';
import { apiError } from '../../../plugins/app/error-handler.ts';
import { errorResponses } from '../error-responses.ts';

export const healthRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, ...errorResponses(503) } } },
    async (request, reply) => {
      try {
        await app.repos.health.ping();
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send(apiError('database_unavailable', 'The database is not reachable.'));
      }
    },
  );
};
