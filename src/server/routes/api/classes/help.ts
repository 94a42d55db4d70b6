import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROJECTS } from '#shared/content/projects.ts';
import {
  classParamsSchema,
  helpAnswerRequestSchema,
  helpParamsSchema,
  helpQueueSchema,
  helpSketchSchema,
} from '#shared/schemas/classes.ts';
import { HttpError } from '../../../http-error.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { taughtClass } from './taught-class.ts';

/** `/api/classes/:id/help…`: the class's help queue, oldest first, and the teacher's answers ("I'm coming", done). */
export const helpQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.get(
    '/help',
    { schema: { params: classParamsSchema, response: { 200: helpQueueSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      const requests = await repos.classes.helpQueue(taughtClass(request).id);
      const changedCode = await repos.sketches.tutorialVersionsOf(requests.map((help) => help.learner_id));
      const slugOf = (projectId: number | null) => PROJECTS.find((project) => project.id === projectId)?.slug;
      return {
        requests: requests.map((help) => {
          const slug = slugOf(help.project_id);
          return { ...help, code_changed: slug ? (changedCode.get(help.learner_id)?.includes(slug) ?? false) : false };
        }),
      };
    },
  );

  // The sketch a waiting learner asked about (issue 33: a blocks program as the C++ it makes). Only
  // through an open request of this class: a teacher reads no other sketch of a learner's, and
  // another class's teacher gets 404 from the scope's check before this.
  app.get(
    '/help/:requestId/sketch',
    {
      schema: {
        params: helpParamsSchema,
        response: { 200: helpSketchSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const sketch = await repos.classes.helpSketch(taughtClass(request).id, request.params.requestId);
      if (!sketch) {
        throw new HttpError(404, 'sketch_not_found', 'Nobody of this class is waiting with a sketch of theirs here');
      }
      const { with_blocks, ...rest } = sketch;
      return { ...rest, made_with: with_blocks ? ('blocks' as const) : ('code' as const) };
    },
  );

  app.post(
    '/help/:requestId',
    {
      schema: {
        params: helpParamsSchema,
        body: helpAnswerRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const { id } = taughtClass(request);
      if (!(await repos.classes.answerHelp(id, request.params.requestId, request.body.state))) {
        throw new HttpError(404, 'help_request_not_found', 'Nobody of this class is waiting with this request');
      }
      return reply.code(204).send();
    },
  );
};
