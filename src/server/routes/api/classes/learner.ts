import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AskHelpRequest,
  askHelpRequestSchema,
  type LearnerClass,
  learnerClassSchema,
} from '#shared/schemas/classes.ts';
import { progressItemCount } from '#shared/schemas/progress.ts';
import type { HelpPlace } from '../../../db/repositories/classes/help.ts';
import { HttpError } from '../../../http-error.ts';
import { allowEmptyJsonBody } from '../empty-json-body.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

const onlyLearners = () => new HttpError(403, 'forbidden', 'Only learners of a class may do this');

type Place = NonNullable<Awaited<ReturnType<FastifyInstance['repos']['classes']['classOfLearner']>>>;
type OpenHelp = Awaited<ReturnType<FastifyInstance['repos']['classes']['openHelpOf']>>;

/** The learner's class as they see it: its page is theirs to open only while open and not archived (product D18). */
const classView = (place: Place, help: OpenHelp): LearnerClass => ({
  class_id: place.id,
  class_name: place.name,
  community: place.community === 1 && place.archived_at === null,
  help: help ?? null,
});

/**
 * `/api/learner/…`: a learner's own class and help request (product §2, D16). The learner comes from
 * the token; nothing here takes an id, so no learner reads or changes another's.
 */
export const learnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  allowEmptyJsonBody(app);
  app.addHook('onRequest', noStore);

  async function learnerCaller(request: Parameters<typeof app.requireUser>[0]) {
    const caller = await app.requireUser(request);
    if (caller.role !== 'learner') throw onlyLearners();
    const place = await repos.classes.classOfLearner(caller.userId);
    if (!place) throw onlyLearners();
    return { caller, place };
  }

  /** Where the learner is stuck, checked: a step the tutorial has, or a sketch that is their own. */
  async function helpPlace(learnerId: string, body: AskHelpRequest): Promise<HelpPlace> {
    const { project_id: projectId, step, sketch_id: sketchId } = body;
    if (sketchId !== undefined) {
      // Another learner's sketch, or a tutorial's version, is as unknown as one that never was.
      if (!(await repos.sketches.ownSketch(learnerId, sketchId))) {
        throw new HttpError(404, 'sketch_not_found', 'You have no sketch of your own with this id');
      }
      return { sketchId };
    }
    // The schema lets neither be missing without a sketch.
    if (projectId === undefined || step === undefined) throw new HttpError(400, 'validation_failed', 'body: no place');
    const steps = progressItemCount(projectId, 'steps');
    if (step >= steps) {
      throw new HttpError(
        400,
        'validation_failed',
        `body.step: project ${projectId} has ${steps} steps: step must be from 0 to ${steps - 1}`,
      );
    }
    return { projectId, step };
  }

  app.get(
    '/learner/class',
    {
      schema: {
        querystring: z.strictObject({}),
        response: { 200: learnerClassSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { caller, place } = await learnerCaller(request);
      const help = await repos.classes.openHelpOf(caller.userId);
      return classView(place, help);
    },
  );

  app.post(
    '/learner/help',
    {
      schema: {
        body: askHelpRequestSchema,
        response: { 201: learnerClassSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const { caller, place } = await learnerCaller(request);
      await repos.classes.askForHelp(caller.userId, await helpPlace(caller.userId, request.body));
      const help = await repos.classes.openHelpOf(caller.userId);
      return reply.code(201).send(classView(place, help));
    },
  );

  app.delete(
    '/learner/help',
    { schema: { response: { 204: z.undefined(), ...errorResponses(401, 403, ...BODY_ERRORS) } } },
    async (request, reply) => {
      const { caller } = await learnerCaller(request);
      await repos.classes.withdrawHelp(caller.userId);
      return reply.code(204).send();
    },
  );
};
