import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classListSchema, classSummarySchema, createClassRequestSchema } from '#shared/schemas/classes.ts';
import { newJoinCode } from '../../../classes/join-code.ts';
import { allowEmptyJsonBody } from '../empty-json-body.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';
import { classDetailRoutes } from './class.ts';
import { classReads } from './class-reads.ts';
import { classCommunityRoute } from './community.ts';
import { helpQueueRoutes } from './help.ts';
import { learnerCodeRoute } from './learner-code.ts';
import { learnerSecretRoutes } from './learner-secrets.ts';
import { classLearnerRoutes } from './learners.ts';
import { classProgressRoutes } from './progress.ts';
import { checkTeacherOnce } from './taught-class.ts';

/**
 * `/api/classes…` (product §2 Classes, §7, D16): a teacher's classes, their learners, progress, help
 * queue and exports. Teachers and administrators only (403 for anyone else); a class that is not the
 * caller's answers 404 whatever it is, as if it did not exist. Changes are audited.
 *
 * Everything about one class is registered under the `/classes/:id` scope, whose hook checks the
 * caller once (`taught-class.ts`); only the community page, which its learners read too, checks
 * its callers itself.
 */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const { summaryOf } = classReads(app);
  allowEmptyJsonBody(app);
  app.addHook('onRequest', noStore);

  app.get(
    '/classes',
    { schema: { querystring: z.strictObject({}), response: { 200: classListSchema, ...errorResponses(401, 403) } } },
    async (request) => {
      const caller = await app.requireTeacher(request);
      return { classes: await repos.classes.list(caller, app.classConfig.retentionDays) };
    },
  );

  app.post(
    '/classes',
    {
      schema: {
        body: createClassRequestSchema,
        response: { 201: classSummarySchema, ...errorResponses(401, 403, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const caller = await app.requireTeacher(request);
      const id = await repos.classes.create(caller.userId, request.body.name, newJoinCode);
      request.log.info({ teacherId: caller.userId, classId: id }, 'class created');
      return reply.code(201).send(await summaryOf(id));
    },
  );

  await app.register(classCommunityRoute);

  await app.register(
    async (scope) => {
      checkTeacherOnce(scope);
      await scope.register(classDetailRoutes);
      await scope.register(classLearnerRoutes);
      await scope.register(learnerSecretRoutes);
      await scope.register(classProgressRoutes);
      await scope.register(helpQueueRoutes);
      await scope.register(learnerCodeRoute);
    },
    { prefix: '/classes/:id' },
  );
};
