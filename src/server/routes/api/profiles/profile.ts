import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicProfileSchema } from '#shared/schemas/profile.ts';
import { profileUpdateSchema } from '#shared/schemas/profile-update.ts';
import { HttpError } from '../../../http-error.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';

const idParams = z.strictObject({ id: z.uuid({ error: 'id must be a user id (a UUID)' }) });
const notFound = () => new HttpError(404, 'profile_not_found', 'No member has this id');

/** One member's public profile, and its owner's edits. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles } = app.repos;

  app.get(
    '/profiles/:id',
    { schema: { params: idParams, response: { 200: publicProfileSchema, ...errorResponses(404) } } },
    async (request, reply) => {
      const { id } = request.params;
      const listed = await profiles.findPublic(id);
      reply.header('cache-control', 'no-cache');
      if (listed) return listed;
      // A hidden or suspended member's profile: only they (their dashboard) and administrators see it.
      const caller = await app.optionalUser(request);
      const profile =
        caller && (caller.userId === id || caller.role === 'admin') ? await profiles.findAny(id) : undefined;
      if (!profile) throw notFound();
      reply.header('cache-control', 'no-store');
      return profile;
    },
  );

  app.patch(
    '/profiles/:id',
    {
      schema: {
        params: idParams,
        body: profileUpdateSchema,
        response: { 200: publicProfileSchema, ...errorResponses(401, 403, 404, 409, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const caller = await app.requireUser(request);
      if (caller.userId !== request.params.id) {
        throw new HttpError(403, 'forbidden', 'You can only change your own profile');
      }
      // A learner's profile is no public one: their teacher names them, and there is no bio (product D16).
      if (caller.role === 'learner') {
        throw new HttpError(403, 'forbidden', 'Your teacher keeps your name: learners have no profile to edit');
      }
      const result = await profiles.update(caller.userId, caller.email, request.body);
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'username_taken') {
        throw new HttpError(409, 'username_taken', 'That username is already taken. Please choose another one.');
      }
      return result.profile;
    },
  );
};
