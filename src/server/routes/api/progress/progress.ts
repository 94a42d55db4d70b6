import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROGRESS_KINDS, progressParamsSchema, progressSchema, progressTickSchema } from '#shared/schemas/progress.ts';
import { errorResponses } from '../error-responses.ts';

/**
 * A learner's own ticks on the tutorial pages (steps done, materials at hand). The user comes from
 * the token only, so nobody reads or changes anyone else's; ticking and unticking are idempotent,
 * which lets a client replay a queue of changes made offline.
 */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { progress } = app.repos;

  app.get(
    '/progress',
    { schema: { querystring: z.strictObject({}), response: { 200: progressSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      return progress.list(caller.userId);
    },
  );

  for (const kind of PROGRESS_KINDS) {
    const params = progressParamsSchema(kind);

    app.put(
      `/progress/:project_id/${kind}/:index`,
      {
        schema: {
          params,
          response: { 200: progressTickSchema, 201: progressTickSchema, ...errorResponses(401, 413, 415) },
        },
      },
      async (request, reply) => {
        const caller = await app.requireUser(request);
        const { project_id, index } = request.params;
        const { tick, created } = await progress.tick(caller.userId, kind, project_id, index);
        // A learner's teachers watch the class grid fill (product D16).
        if (created && caller.role === 'learner') await app.repos.classes.learnerProgressed(caller.userId);
        return reply.code(created ? 201 : 200).send(tick);
      },
    );

    app.delete(
      `/progress/:project_id/${kind}/:index`,
      { schema: { params, response: { 204: z.undefined(), ...errorResponses(401, 413, 415) } } },
      async (request, reply) => {
        const caller = await app.requireUser(request);
        const { project_id, index } = request.params;
        await progress.untick(caller.userId, kind, project_id, index);
        if (caller.role === 'learner') await app.repos.classes.learnerProgressed(caller.userId);
        return reply.code(204).send();
      },
    );
  }
};
