import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccessClaims } from '../../../auth/access-tokens.ts';
import { classNotFound } from './class-errors.ts';

/** The class a request under `/classes/:id` is about, and its teacher (or an administrator) asking. */
export interface TaughtClass {
  readonly id: string;
  readonly caller: AccessClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `/classes/:id` scope's hook; null anywhere else. */
    taughtClass: TaughtClass | null;
  }
}

/** The caller, if they teach this class (or administer the site): otherwise 403 (not a teacher) or 404. */
export async function teacherOf(app: FastifyInstance, request: FastifyRequest, classId: string): Promise<AccessClaims> {
  const caller = await app.requireTeacher(request);
  if (!(await app.repos.classes.canTeach(classId, caller))) throw classNotFound();
  return caller;
}

/** The class a route in the scope serves, as the scope's hook found it. */
export function taughtClass(request: FastifyRequest): TaughtClass {
  if (!request.taughtClass) throw new Error('taughtClass is read only by routes in the /classes/:id scope');
  return request.taughtClass;
}

/** Every route in the scope has the class's id in its path; its own schema has checked it already. */
const scopeParamsSchema = z.object({ id: z.string() });

/**
 * Makes `app` (the `/api/classes/:id` scope) check the caller once for every route in it, after the
 * route's schema has checked the request (so bad input is still 400 first): no token 401, not a
 * teacher 403, a class that is not theirs 404 whatever it is, as if it did not exist. Its routes
 * read the class with `taughtClass(request)`.
 */
export function checkTeacherOnce(app: FastifyInstance): void {
  app.decorateRequest('taughtClass', null);
  app.addHook('preHandler', async (request) => {
    const { id } = scopeParamsSchema.parse(request.params);
    request.taughtClass = { id, caller: await teacherOf(app, request, id) };
  });
}
