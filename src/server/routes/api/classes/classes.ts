import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEARNERS_PER_CLASS } from '#shared/constants.ts';
import { PROJECTS } from '#shared/content/projects.ts';
import { numberedSteps } from '#shared/content/steps.ts';
import { csvLine, defaultDisplayName, fileNamePart } from '#shared/roster.ts';
import {
  addedLearnersSchema,
  addLearnersRequestSchema,
  addTeacherRequestSchema,
  type ClassProgress,
  classCommunitySchema,
  classDetailSchema,
  classListSchema,
  classParamsSchema,
  classProgressSchema,
  classSummarySchema,
  createClassRequestSchema,
  deleteClassRequestSchema,
  deleteLearnerRequestSchema,
  helpAnswerRequestSchema,
  helpParamsSchema,
  helpQueueSchema,
  learnerExportSchema,
  learnerParamsSchema,
  learnerProgressSchema,
  learnerSchema,
  learnerWithSecretSchema,
  teacherParamsSchema,
  updateClassRequestSchema,
  updateLearnerRequestSchema,
} from '#shared/schemas/classes.ts';
import type { AccessClaims } from '../../../auth/access-tokens.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { learnerUsername, newJoinCode } from '../../../classes/join-code.ts';
import { newLearnerSecret } from '../../../classes/learner-secret.ts';
import type { NewLearner } from '../../../db/repositories/classes/learners.ts';
import { HttpError } from '../../../http-error.ts';
import { allowEmptyJsonBody } from '../empty-json-body.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

/** Another teacher's class, or none: the same answer, so a class's existence is not told to outsiders. */
const classNotFound = () => new HttpError(404, 'class_not_found', 'No class of yours has this id');
const learnerNotFound = () => new HttpError(404, 'learner_not_found', 'No learner of this class has this id');
/** The class's learners asked for its community page while their teacher has not opened it. */
const communityOff = () =>
  new HttpError(404, 'class_community_off', 'Your teacher has not opened your class’s page yet.');
const classArchived = () =>
  new HttpError(403, 'class_archived', 'This class has ended: its learners can no longer sign in. Ask your teacher.');

/** The caller, if they teach this class (or administer the site): otherwise 403 (not a teacher) or 404. */
export async function teacherOf(app: FastifyInstance, request: FastifyRequest, classId: string): Promise<AccessClaims> {
  const caller = await app.requireTeacher(request);
  if (!(await app.repos.classes.canTeach(classId, caller))) throw classNotFound();
  return caller;
}

/** "2026-11-25" for file names. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * `/api/classes…` (product §2 Classes, §7, D16): a teacher's classes, their learners, progress, help
 * queue and exports. Teachers and administrators only (403 for anyone else); a class that is not the
 * caller's answers 404 whatever it is, as if it did not exist. Changes are audited.
 */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const retentionDays = () => app.classConfig.retentionDays;
  allowEmptyJsonBody(app);
  app.addHook('onRequest', noStore);

  async function summaryOf(classId: string) {
    const summary = await repos.classes.summary(classId, retentionDays());
    if (!summary) throw classNotFound();
    return summary;
  }

  async function learnersOf(classId: string) {
    const learners = await repos.classes.learners(classId);
    return Promise.all(
      learners.map(async (learner) => ({ ...learner, locked: await app.classSignIns.isLocked(learner.id) })),
    );
  }

  async function learnerOf(classId: string, learnerId: string) {
    const learner = await repos.classes.findLearner(classId, learnerId);
    if (!learner) throw learnerNotFound();
    return learner;
  }

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

  const noQuery = z.strictObject({});

  app.get(
    '/classes',
    { schema: { querystring: noQuery, response: { 200: classListSchema, ...errorResponses(401, 403) } } },
    async (request) => {
      const caller = await app.requireTeacher(request);
      return { classes: await repos.classes.list(caller, retentionDays()) };
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

  app.get(
    '/classes/:id',
    { schema: { params: classParamsSchema, response: { 200: classDetailSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await teacherOf(app, request, request.params.id);
      const summary = await summaryOf(request.params.id);
      return { ...summary, learners: await learnersOf(summary.id) };
    },
  );

  app.patch(
    '/classes/:id',
    {
      schema: {
        params: classParamsSchema,
        body: updateClassRequestSchema,
        response: { 200: classSummarySchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const caller = await teacherOf(app, request, request.params.id);
      const { name, archived, community } = request.body;
      if (name !== undefined) await repos.classes.rename(caller.userId, request.params.id, name);
      if (archived !== undefined) await repos.classes.setArchived(caller.userId, request.params.id, archived);
      if (community !== undefined) await repos.classes.setCommunity(caller.userId, request.params.id, community);
      return summaryOf(request.params.id);
    },
  );

  /**
   * The class's own community page (product D18): its teachers and administrators always (a preview
   * while it is off), its own learners while it is open and the class is not archived. Anyone else —
   * a member, another class's teacher or learner — gets the 404 of a class that does not exist.
   */
  app.get(
    '/classes/:id/community',
    {
      schema: {
        params: classParamsSchema,
        querystring: noQuery,
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

  app.delete(
    '/classes/:id',
    {
      schema: {
        params: classParamsSchema,
        body: deleteClassRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const caller = await teacherOf(app, request, request.params.id);
      const summary = await summaryOf(request.params.id);
      if (request.body.confirm_name.trim() !== summary.name) {
        throw new HttpError(
          400,
          'confirmation_mismatch',
          'Type the class’s name exactly to delete it and its learners’ data',
        );
      }
      await repos.classes.delete(caller.userId, summary.id);
      request.log.info({ teacherId: caller.userId, classId: summary.id }, 'class deleted');
      return reply.code(204).send();
    },
  );

  app.post(
    '/classes/:id/teachers',
    {
      schema: {
        params: classParamsSchema,
        body: addTeacherRequestSchema,
        response: { 200: classSummarySchema, ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const caller = await teacherOf(app, request, request.params.id);
      const added = await repos.classes.addTeacher(caller.userId, request.params.id, request.body.email);
      if (added !== 'added') {
        // Whether an e-mail has an account is told only to a teacher, who may add its owner anyway.
        throw new HttpError(
          409,
          'not_a_teacher',
          'That is not the e-mail of a teacher on this site. An administrator can make them one.',
        );
      }
      return summaryOf(request.params.id);
    },
  );

  app.delete(
    '/classes/:id/teachers/:teacherId',
    {
      schema: {
        params: teacherParamsSchema,
        response: { 200: classSummarySchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await teacherOf(app, request, request.params.id);
      const removed = await repos.classes.removeTeacher(caller.userId, request.params.id, request.params.teacherId);
      if (removed === 'not_found')
        throw new HttpError(404, 'teacher_not_found', 'No teacher of this class has this id');
      if (removed === 'last') {
        throw new HttpError(409, 'last_teacher', 'A class needs a teacher: add another before removing this one');
      }
      return summaryOf(request.params.id);
    },
  );

  app.post(
    '/classes/:id/learners',
    {
      schema: {
        params: classParamsSchema,
        body: addLearnersRequestSchema,
        response: { 201: addedLearnersSchema, ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const caller = await teacherOf(app, request, request.params.id);
      const { names } = request.body;
      const count = await repos.classes.learnerCount(request.params.id);
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
        request.params.id,
        made.map((entry) => entry.learner),
      );
      if (ids === null) {
        // A username was taken between the check and the insert: draw them all again, once.
        for (const entry of made) entry.learner = { ...entry.learner, username: '' };
        await withUsernames(made);
        ids = await repos.classes.addLearners(
          caller.userId,
          request.params.id,
          made.map((entry) => entry.learner),
        );
      }
      if (ids === null) throw new HttpError(409, 'username_taken', 'Could not find free usernames. Please try again.');
      request.log.info({ teacherId: caller.userId, classId: request.params.id, count: names.length }, 'learners added');
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
    '/classes/:id/learners/:learnerId',
    {
      schema: {
        params: learnerParamsSchema,
        body: updateLearnerRequestSchema,
        response: { 200: learnerSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const caller = await teacherOf(app, request, request.params.id);
      const { id, learnerId } = request.params;
      await learnerOf(id, learnerId);
      await repos.classes.renameLearner(caller.userId, id, learnerId, request.body.display_name);
      const learner = (await learnersOf(id)).find((entry) => entry.id === learnerId);
      if (!learner) throw learnerNotFound();
      return learner;
    },
  );

  app.post(
    '/classes/:id/learners/:learnerId/secret',
    {
      schema: {
        params: learnerParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: learnerWithSecretSchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const caller = await teacherOf(app, request, request.params.id);
      const { id, learnerId } = request.params;
      const learner = await learnerOf(id, learnerId);
      const secret = newLearnerSecret();
      await repos.classes.resetSecret(caller.userId, learnerId, await hashPassword(secret));
      await app.classSignIns.unlock(learnerId);
      request.log.info({ teacherId: caller.userId, learnerId }, 'learner secret reset');
      return { id: learner.id, display_name: learner.display_name, username: learner.username ?? '', secret };
    },
  );

  app.delete(
    '/classes/:id/learners/:learnerId/lock',
    { schema: { params: learnerParamsSchema, response: { 204: z.undefined(), ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      const caller = await teacherOf(app, request, request.params.id);
      const { id, learnerId } = request.params;
      await learnerOf(id, learnerId);
      await app.classSignIns.unlock(learnerId);
      await repos.classes.recordUnlock(caller.userId, learnerId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/classes/:id/learners/:learnerId/export',
    {
      schema: { params: learnerParamsSchema, response: { 200: learnerExportSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      const caller = await teacherOf(app, request, request.params.id);
      const { id, learnerId } = request.params;
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
    '/classes/:id/learners/:learnerId',
    {
      schema: {
        params: learnerParamsSchema,
        body: deleteLearnerRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const caller = await teacherOf(app, request, request.params.id);
      const { id, learnerId } = request.params;
      if (!(await repos.classes.deleteLearner(caller.userId, id, learnerId))) throw learnerNotFound();
      request.log.info({ teacherId: caller.userId, learnerId }, 'learner deleted');
      return reply.code(204).send();
    },
  );

  /**
   * The steps to do of each tutorial, counted as its page counts them ("Step 1 of 10"): safety
   * warnings are not steps.
   */
  const stepsToDo = new Map(
    PROJECTS.map((project) => [project.id, new Set(numberedSteps(project).map((step) => step.index))]),
  );

  /** The grid: every learner × every tutorial, steps done of steps there are. */
  async function progressOf(classId: string): Promise<ClassProgress> {
    const learners = await repos.classes.learners(classId);
    const { steps, materials } = await repos.classes.progressCounts(
      classId,
      (projectId, index) => stepsToDo.get(projectId)?.has(index) ?? false,
    );
    const key = (learnerId: string, projectId: number) => `${learnerId}:${projectId}`;
    const stepCounts = new Map(steps.map((row) => [key(row.learnerId, row.projectId), row]));
    const materialCounts = new Map(materials.map((row) => [key(row.learnerId, row.projectId), row]));
    const changedCode = await repos.sketches.tutorialVersionsOf(learners.map((learner) => learner.id));
    return {
      projects: PROJECTS.map((project) => ({
        id: project.id,
        title: project.title,
        slug: project.slug,
        steps_total: stepsToDo.get(project.id)?.size ?? 0,
        materials_total: project.materials.length,
      })),
      learners: learners.map((learner) => ({
        id: learner.id,
        display_name: learner.display_name,
        username: learner.username,
        cells: PROJECTS.map((project) => {
          const step = stepCounts.get(key(learner.id, project.id));
          const material = materialCounts.get(key(learner.id, project.id));
          const times = [step?.last, material?.last].filter((time): time is string => typeof time === 'string');
          return {
            project_id: project.id,
            // Only ticks of the tutorial's steps to do are counted.
            steps_done: step?.count ?? 0,
            materials_checked: Math.min(material?.count ?? 0, project.materials.length),
            last_activity: times.sort().at(-1) ?? null,
            code_changed: changedCode.get(learner.id)?.includes(project.slug) ?? false,
          };
        }),
      })),
    };
  }

  app.get(
    '/classes/:id/progress',
    { schema: { params: classParamsSchema, response: { 200: classProgressSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await teacherOf(app, request, request.params.id);
      return progressOf(request.params.id);
    },
  );

  app.get(
    '/classes/:id/progress.csv',
    { schema: { params: classParamsSchema, response: { 200: z.string(), ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      await teacherOf(app, request, request.params.id);
      const summary = await summaryOf(request.params.id);
      const progress = await progressOf(summary.id);
      const titles = new Map(progress.projects.map((project) => [project.id, project]));
      let csv = csvLine([
        'name',
        'username',
        'tutorial',
        'steps_done',
        'steps_total',
        'materials_checked',
        'last_activity',
      ]);
      for (const learner of progress.learners) {
        for (const cell of learner.cells) {
          const project = titles.get(cell.project_id);
          csv += csvLine([
            learner.display_name,
            learner.username,
            project?.title ?? String(cell.project_id),
            cell.steps_done,
            project?.steps_total ?? 0,
            cell.materials_checked,
            cell.last_activity,
          ]);
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileNamePart(summary.name)}-progress-${today()}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/classes/:id/learners/:learnerId/progress',
    {
      schema: {
        params: learnerParamsSchema,
        response: { 200: learnerProgressSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await teacherOf(app, request, request.params.id);
      const learner = await learnerOf(request.params.id, request.params.learnerId);
      return {
        learner: { id: learner.id, display_name: learner.display_name, username: learner.username ?? '' },
        ...(await repos.classes.learnerTicks(learner.id)),
      };
    },
  );

  app.get(
    '/classes/:id/help',
    { schema: { params: classParamsSchema, response: { 200: helpQueueSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      await teacherOf(app, request, request.params.id);
      const requests = await repos.classes.helpQueue(request.params.id);
      const changedCode = await repos.sketches.tutorialVersionsOf(requests.map((help) => help.learner_id));
      const slugOf = (projectId: number) => PROJECTS.find((project) => project.id === projectId)?.slug ?? '';
      return {
        requests: requests.map((help) => ({
          ...help,
          code_changed: changedCode.get(help.learner_id)?.includes(slugOf(help.project_id)) ?? false,
        })),
      };
    },
  );

  app.post(
    '/classes/:id/help/:requestId',
    {
      schema: {
        params: helpParamsSchema,
        body: helpAnswerRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      await teacherOf(app, request, request.params.id);
      const { id, requestId } = request.params;
      if (!(await repos.classes.answerHelp(id, requestId, request.body.state))) {
        throw new HttpError(404, 'help_request_not_found', 'Nobody of this class is waiting with this request');
      }
      return reply.code(204).send();
    },
  );
};
