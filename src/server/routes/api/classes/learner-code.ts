import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sketchSchema, tutorialSlugSchema } from '#shared/schemas/sketches.ts';
import { HttpError } from '../../../http-error.ts';
import { errorResponses } from '../error-responses.ts';
import { taughtClass } from './taught-class.ts';

const paramsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a class id (a UUID)' }),
  learnerId: z.uuid({ error: 'learnerId must be a learner id (a UUID)' }),
  slug: tutorialSlugSchema,
});

/**
 * `GET /api/classes/:id/learners/:learnerId/sketches/:slug` (issue 32): a learner's own version of a
 * tutorial's code, read-only, for the teachers of their class (the help queue shows it beside the
 * tutorial's). Nobody else: another class's teacher gets 404, as for any of that class's data (the
 * `/classes/:id` scope's check). Not cached, as every class call.
 */
export const learnerCodeRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/learners/:learnerId/sketches/:slug',
    {
      schema: { params: paramsSchema, response: { 200: sketchSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      const { id } = taughtClass(request);
      const { learnerId, slug } = request.params;
      if (!(await app.repos.classes.findLearner(id, learnerId))) {
        throw new HttpError(404, 'learner_not_found', 'No learner of this class has this id');
      }
      const sketch = await app.repos.sketches.tutorialVersion(learnerId, slug);
      if (!sketch) throw new HttpError(404, 'sketch_not_found', 'This learner has not changed this tutorial’s code.');
      return sketch;
    },
  );
};
