import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBookmarkSchema,
  bookmarkListSchema,
  bookmarkParamsSchema,
  bookmarkSchema,
} from '#shared/schemas/bookmark.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';

const errors = errorResponses(401);

/** A member's own bookmarks: nobody sees or changes anyone else's (the user comes from the token only). */
export const bookmarkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookmarks } = app.repos;

  app.get(
    '/bookmarks',
    { schema: { querystring: z.strictObject({}), response: { 200: bookmarkListSchema, ...errors } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      reply.header('cache-control', 'no-store');
      return bookmarks.list(caller.userId);
    },
  );

  app.post(
    '/bookmarks',
    {
      schema: {
        body: addBookmarkSchema,
        response: { 200: bookmarkSchema, 201: bookmarkSchema, ...errorResponses(401, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      const { bookmark, created } = await bookmarks.add(caller.userId, request.body.project_id);
      return reply.code(created ? 201 : 200).send(bookmark);
    },
  );

  app.delete(
    '/bookmarks/:project_id',
    { schema: { params: bookmarkParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      await bookmarks.remove(caller.userId, request.params.project_id);
      return reply.code(204).send();
    },
  );
};
