import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { publicProfileSchema } from '#shared/schemas/profile.ts';
import { profileUpdateSchema } from '#shared/schemas/profile-update.ts';
import { profilesRepository } from '../../db/profiles-repository.ts';
import { HttpError } from '../../http-error.ts';

const idParams = z.strictObject({ id: z.uuid({ error: 'id must be a user id (a UUID)' }) });
const notFound = () => new HttpError(404, 'profile_not_found', 'No member has this id');

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = profilesRepository(app.database);
  const list = app.profileList;

  app.get(
    '/profiles',
    {
      schema: {
        // The list takes no parameters; anything else is a mistake worth telling the caller about.
        querystring: z.strictObject({}),
        // The list leaves pre-serialised (see ProfileListCache): JSON bytes of publicProfileListSchema.
        response: { 200: z.instanceof(Buffer) },
      },
    },
    async (request, reply) => {
      const encoded = await list.json();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8');
      // Bytes with a JSON content type are sent as they are: Fastify does not serialise them again.
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(encoded.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(encoded.gzip);
      return reply.send(encoded.identity);
    },
  );

  app.get(
    '/profiles/:id',
    { schema: { params: idParams, response: { 200: publicProfileSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const profile = await profiles.findPublic(request.params.id);
      if (!profile) throw notFound();
      reply.header('cache-control', 'no-cache');
      return profile;
    },
  );

  app.patch(
    '/profiles/:id',
    {
      schema: {
        params: idParams,
        body: profileUpdateSchema,
        response: {
          200: publicProfileSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await app.auth.requireUser(request);
      if (caller.userId !== request.params.id) {
        throw new HttpError(403, 'forbidden', 'You can only change your own profile');
      }
      const result = await profiles.update(caller.userId, caller.email, request.body);
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'username_taken') {
        throw new HttpError(409, 'username_taken', 'That username is already taken. Please choose another one.');
      }
      list.invalidate();
      void app.profileFeed.poke();
      return result.profile;
    },
  );
};
