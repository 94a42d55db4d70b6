import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROGRESS_KINDS, progressParamsSchema, progressSchema, progressTickSchema } from '#shared/schemas/progress.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { errorResponses } from '../error-responses.ts';

/**
 * A learner's own ticks on the tutorial pages (steps done, materials at hand). The user comes from
 * the token only, so nobody reads or changes anyone else's; ticking and unticking are idempotent,
 * which lets a client replay a queue of changes made offline.
 */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { progress, classes } = app.repos;
  const { db } = app.database;

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
        // A learner's teachers watch the class grid fill (product D16): the tick and its class event
        // commit together, so a tick is never stored while the learner is told it was not.
        const { tick, created } = await inTransaction(db, async (tx) => {
          const now = new Date();
          const ticked = await progress.tick(caller.userId, kind, project_id, index, now, tx);
          if (ticked.created && caller.role === 'learner') await classes.learnerProgressed(caller.userId, now, tx);
          return ticked;
        });
        return reply.code(created ? 201 : 200).send(tick);
      },
    );

    app.delete(
      `/progress/:project_id/${kind}/:index`,
      { schema: { params, response: { 204: z.undefined(), ...errorResponses(401, 413, 415) } } },
      async (request, reply) => {
        const caller = await app.requireUser(request);
        const { project_id, index } = request.params;
        await inTransaction(db, async (tx) => {
          await progress.untick(caller.userId, kind, project_id, index, tx);
          if (caller.role === 'learner') await classes.learnerProgressed(caller.userId, new Date(), tx);
        });
        return reply.code(204).send();
      },
    );
  }
};
