import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { profilesRepository } from '../../db/profiles-repository.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = profilesRepository(app.database.db);

  app.get(
    '/profiles',
    {
      schema: {
        // The list takes no parameters; anything else is a mistake worth telling the caller about.
        querystring: z.strictObject({}),
        response: { 200: publicProfileListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return profiles.listPublic();
    },
  );
};
