import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { healthSchema } from '#shared/schemas/health.ts';
import { apiError } from '../../plugins/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthSchema, 503: apiErrorSchema } } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.database.db);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send(apiError('database_unavailable', 'The database is not reachable.'));
    }
  });
};
