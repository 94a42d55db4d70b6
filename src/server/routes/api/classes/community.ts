import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classCommunitySchema, classParamsSchema } from '#shared/schemas/classes.ts';
import { errorResponses } from '../error-responses.ts';
import { classArchived, classNotFound, communityOff } from './class-errors.ts';

/**
 * `GET /api/classes/:id/community`, the class's own community page (product D18): its teachers and
 * administrators always (a preview while it is off), its own learners while it is open and the class
 * is not archived. Anyone else — a member, another class's teacher or learner — gets the 404 of a
 * class that does not exist. Outside the `/classes/:id` scope, whose check would turn its learners away.
 */
export const classCommunityRoute: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.get(
    '/classes/:id/community',
    {
      schema: {
        params: classParamsSchema,
        querystring: z.strictObject({}),
        response: { 200: classCommunitySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await app.requireUser(request);
      const { id } = request.params;
      if (!(await repos.classes.canTeach(id, caller))) {
        const place = caller.role === 'learner' ? await repos.classes.classOfLearner(caller.userId) : undefined;
        if (place?.id !== id) throw classNotFound();
        if (place.archived_at !== null) throw classArchived();
        if (place.community !== 1) throw communityOff();
      }
      const page = await repos.classes.community(id);
      if (!page) throw classNotFound();
      return {
        name: page.name,
        community: page.open && !page.archived,
        archived: page.archived,
        members: [
          ...page.teachers.map((teacher) => ({
            name: teacher.username ?? 'Teacher',
            role: 'teacher' as const,
            joined_at: teacher.added_at,
            you: teacher.id === caller.userId,
          })),
          ...page.learners.map((learner) => ({
            name: learner.display_name,
            role: 'learner' as const,
            joined_at: learner.created_at,
            you: learner.id === caller.userId,
          })),
        ],
      };
    },
  );
};
