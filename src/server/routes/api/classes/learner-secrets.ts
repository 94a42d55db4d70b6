import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addedLearnersSchema,
  classParamsSchema,
  learnerParamsSchema,
  learnerWithSecretSchema,
} from '#shared/schemas/classes.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { newLearnerSecret } from '../../../classes/learner-secret.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { classReads } from './class-reads.ts';
import { taughtClass } from './taught-class.ts';

/**
 * `/api/classes/:id/learners/:learnerId/{secret,lock}` and `/api/classes/:id/learners/secrets`: new
 * secret words for a lost card or for the whole class, and unlocking a learner.
 */
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

  // "New words for all" (issue 36): the cards of a whole class again, since words are shown only once.
  // Every learner's old words stop working and their sessions end. Hashed one after another, as
  // adding learners does (argon2id takes ~19 MiB at a time). No rate limit, as for the other
  // teacher-only changes of a class: only its teachers reach it.
  app.post(
    '/learners/secrets',
    {
      schema: {
        params: classParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: addedLearnersSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { id, caller } = taughtClass(request);
      const learners = await repos.classes.learners(id);
      const made: { learnerId: string; secret: string; secretHash: string }[] = [];
      for (const learner of learners) {
        const secret = newLearnerSecret();
        made.push({ learnerId: learner.id, secret, secretHash: await hashPassword(secret) });
      }
      const changed = new Set(await repos.classes.resetSecrets(caller.userId, id, made));
      for (const learnerId of changed) await app.classSignIns.unlock(learnerId);
      request.log.info({ teacherId: caller.userId, classId: id, count: changed.size }, 'class secrets reset');
      // The secrets are in this answer only: stored as argon2id hashes, never logged.
      return {
        learners: learners.flatMap((learner, i) => {
          const secret = made[i]?.secret;
          return changed.has(learner.id) && secret
            ? [{ id: learner.id, display_name: learner.display_name, username: learner.username ?? '', secret }]
            : [];
        }),
      };
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
