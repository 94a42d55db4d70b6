import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addTeacherRequestSchema,
  classDetailSchema,
  classParamsSchema,
  classSummarySchema,
  deleteClassRequestSchema,
  teacherParamsSchema,
  updateClassRequestSchema,
} from '#shared/schemas/classes.ts';
import { HttpError } from '../../../http-error.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { classReads } from './class-reads.ts';
import { taughtClass } from './taught-class.ts';

/** `/api/classes/:id` and its teachers: the class page, its settings, deleting it, co-teachers. */
export const classDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const { summaryOf, learnersOf } = classReads(app);

  app.get(
    '/',
    { schema: { params: classParamsSchema, response: { 200: classDetailSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      const summary = await summaryOf(taughtClass(request).id);
      return { ...summary, learners: await learnersOf(summary.id) };
    },
  );

  app.patch(
    '/',
    {
      schema: {
        params: classParamsSchema,
        body: updateClassRequestSchema,
        response: { 200: classSummarySchema, ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { id, caller } = taughtClass(request);
      const { name, archived, community } = request.body;
      if (name !== undefined) await repos.classes.rename(caller.userId, id, name);
      if (archived !== undefined) await repos.classes.setArchived(caller.userId, id, archived);
      if (community !== undefined) await repos.classes.setCommunity(caller.userId, id, community);
      return summaryOf(id);
    },
  );

  app.delete(
    '/',
    {
      schema: {
        params: classParamsSchema,
        body: deleteClassRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 404, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const { id, caller } = taughtClass(request);
      const summary = await summaryOf(id);
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
    '/teachers',
    {
      schema: {
        params: classParamsSchema,
        body: addTeacherRequestSchema,
        response: { 200: classSummarySchema, ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { id, caller } = taughtClass(request);
      const added = await repos.classes.addTeacher(caller.userId, id, request.body.email);
      if (added !== 'added') {
        // Whether an e-mail has an account is told only to a teacher, who may add its owner anyway.
        throw new HttpError(
          409,
          'not_a_teacher',
          'That is not the e-mail of a teacher on this site. An administrator can make them one.',
        );
      }
      return summaryOf(id);
    },
  );

  app.delete(
    '/teachers/:teacherId',
    {
      schema: {
        params: teacherParamsSchema,
        response: { 200: classSummarySchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, caller } = taughtClass(request);
      const removed = await repos.classes.removeTeacher(caller.userId, id, request.params.teacherId);
      if (removed === 'not_found')
        throw new HttpError(404, 'teacher_not_found', 'No teacher of this class has this id');
      if (removed === 'last') {
        throw new HttpError(409, 'last_teacher', 'A class needs a teacher: add another before removing this one');
      }
      return summaryOf(id);
    },
  );
};
