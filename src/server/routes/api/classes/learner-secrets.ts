import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { learnerParamsSchema, learnerWithSecretSchema } from '#shared/schemas/classes.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { newLearnerSecret } from '../../../classes/learner-secret.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { classReads } from './class-reads.ts';
import { taughtClass } from './taught-class.ts';

/** `/api/classes/:id/learners/:learnerId/{secret,lock}`: new secret words for a lost card, and unlocking a learner. */
export const learnerSecretRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const { learnerOf } = classReads(app);

  app.post(
    '/learners/:learnerId/secret',
    {
      schema: {
        params: learnerParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: learnerWithSecretSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { id, caller } = taughtClass(request);
      const { learnerId } = request.params;
      const learner = await learnerOf(id, learnerId);
      const secret = newLearnerSecret();
      await repos.classes.resetSecret(caller.userId, learnerId, await hashPassword(secret));
      await app.classSignIns.unlock(learnerId);
      request.log.info({ teacherId: caller.userId, learnerId }, 'learner secret reset');
      return { id: learner.id, display_name: learner.display_name, username: learner.username ?? '', secret };
    },
  );

  app.delete(
    '/learners/:learnerId/lock',
    { schema: { params: learnerParamsSchema, response: { 204: z.undefined(), ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      const { id, caller } = taughtClass(request);
      const { learnerId } = request.params;
      await learnerOf(id, learnerId);
      await app.classSignIns.unlock(learnerId);
      await repos.classes.recordUnlock(caller.userId, learnerId);
      return reply.code(204).send();
    },
  );
};
