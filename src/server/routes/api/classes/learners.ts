import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEARNERS_PER_CLASS } from '#shared/constants.ts';
import { defaultDisplayName, fileNamePart } from '#shared/roster.ts';
import {
  addedLearnersSchema,
  addLearnersRequestSchema,
  classParamsSchema,
  deleteLearnerRequestSchema,
  learnerExportSchema,
  learnerParamsSchema,
  learnerSchema,
  updateLearnerRequestSchema,
} from '#shared/schemas/classes.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { learnerUsername } from '../../../classes/join-code.ts';
import { newLearnerSecret } from '../../../classes/learner-secret.ts';
import type { NewLearner } from '../../../db/repositories/classes/learners.ts';
import { HttpError } from '../../../http-error.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { learnerNotFound } from './class-errors.ts';
import { classReads } from './class-reads.ts';
import { today } from './file-date.ts';
import { taughtClass } from './taught-class.ts';

/** `/api/classes/:id/learners…`: a class's learners added, renamed, exported and deleted by its teachers. */
export const classLearnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const { learnersOf, learnerOf } = classReads(app);

  /** Secret words for each name, hashed one after another (argon2id takes ~19 MiB at a time, never 60 at once). */
  async function newLearners(names: readonly string[]): Promise<{ learner: NewLearner; secret: string }[]> {
    const made: { learner: NewLearner; secret: string }[] = [];
    for (const displayName of names) {
      const secret = newLearnerSecret();
      made.push({ learner: { displayName, username: '', secretHash: await hashPassword(secret) }, secret });
    }
    return made;
  }

  /** Usernames unique on the site: drawn, checked against every profile, drawn again where taken. */
  async function withUsernames(made: { learner: NewLearner; secret: string }[]) {
    const chosen = new Set<string>();
    for (let attempt = 0; attempt < 10; attempt++) {
      const open = made.filter((entry) => entry.learner.username === '');
      if (open.length === 0) break;
      const candidates = open.map((entry) => learnerUsername(entry.learner.displayName, attempt));
      const taken = await repos.classes.takenUsernames(candidates);
      open.forEach((entry, i) => {
        const candidate = candidates[i] ?? '';
        if (candidate === '' || taken.has(candidate) || chosen.has(candidate)) return;
        chosen.add(candidate);
        entry.learner = { ...entry.learner, username: candidate };
      });
    }
    if (made.some((entry) => entry.learner.username === '')) {
      throw new HttpError(409, 'username_taken', 'Could not find free usernames. Please try again.');
    }
    return made;
  }

  app.post(
    '/learners',
    {
      schema: {
        params: classParamsSchema,
        body: addLearnersRequestSchema,
        response: { 201: addedLearnersSchema, ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const { id, caller } = taughtClass(request);
      const { names } = request.body;
      const count = await repos.classes.learnerCount(id);
      if (count + names.length > LEARNERS_PER_CLASS) {
        throw new HttpError(
          409,
          'class_full',
          `A class has at most ${LEARNERS_PER_CLASS} learners: this one has ${count}, so ${LEARNERS_PER_CLASS - count} more fit`,
        );
      }
      // "Ada Lovelace" is shown as "Ada L." (the teacher can change it): no full names by default.
      const made = await withUsernames(await newLearners(names.map(defaultDisplayName)));
      let ids = await repos.classes.addLearners(
        caller.userId,
        id,
        made.map((entry) => entry.learner),
      );
      if (ids === null) {
        // A username was taken between the check and the insert: draw them all again, once.
        for (const entry of made) entry.learner = { ...entry.learner, username: '' };
        await withUsernames(made);
        ids = await repos.classes.addLearners(
          caller.userId,
          id,
          made.map((entry) => entry.learner),
        );
      }
      if (ids === null) throw new HttpError(409, 'username_taken', 'Could not find free usernames. Please try again.');
      request.log.info({ teacherId: caller.userId, classId: id, count: names.length }, 'learners added');
      // The secrets are in this answer only: stored as argon2id hashes, never logged.
      return reply.code(201).send({
        learners: made.map((entry, i) => ({
          id: ids?.[i] ?? '',
          display_name: entry.learner.displayName,
          username: entry.learner.username,
          secret: entry.secret,
        })),
      });
    },
  );

  app.patch(
    '/learners/:learnerId',
    {
      schema: {
        params: learnerParamsSchema,
        body: updateLearnerRequestSchema,
        response: { 200: learnerSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { id, caller } = taughtClass(request);
      const { learnerId } = request.params;
      await learnerOf(id, learnerId);
      await repos.classes.renameLearner(caller.userId, id, learnerId, request.body.display_name);
      const learner = (await learnersOf(id)).find((entry) => entry.id === learnerId);
      if (!learner) throw learnerNotFound();
      return learner;
    },
  );

  app.get(
    '/learners/:learnerId/export',
    {
      schema: { params: learnerParamsSchema, response: { 200: learnerExportSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      const { id, caller } = taughtClass(request);
      const { learnerId } = request.params;
      const exported = await repos.classes.exportLearner(caller.userId, id, learnerId);
      if (!exported) throw learnerNotFound();
      const sketches = await repos.sketches.exportAll(learnerId);
      reply.header(
        'content-disposition',
        `attachment; filename="roboforge-learner-${fileNamePart(exported.learner.username)}-${today()}.json"`,
      );
      return { ...exported, sketches };
    },
  );

  app.delete(
    '/learners/:learnerId',
    {
      schema: {
        params: learnerParamsSchema,
        body: deleteLearnerRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const { id, caller } = taughtClass(request);
      const { learnerId } = request.params;
      if (!(await repos.classes.deleteLearner(caller.userId, id, learnerId))) throw learnerNotFound();
      request.log.info({ teacherId: caller.userId, learnerId }, 'learner deleted');
      return reply.code(204).send();
    },
  );
};
