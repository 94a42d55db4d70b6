import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET /api/profiles`: the community list, newest first, public fields only (product §2, D4). */
export const profileListRoute: FastifyPluginAsyncZod = async (app) => {
  const list = app.profileList;

  app.get(
    '/profiles',
    {
      schema: {
        // The list takes no parameters; anything else is a mistake worth telling the caller about.
        querystring: z.strictObject({}),
        // What the bytes are: the list cache serialises this schema's JSON once per change.
        response: { 200: publicProfileListSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const encoded = await list.json();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      // Bytes are sent as they are (Fastify serialises only objects): the plain reply type says so.
      const raw: FastifyReply = reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8');
      if (/\bbr\b/.test(accepted)) return raw.header('content-encoding', 'br').send(await encoded.br());
      if (/\bgzip\b/.test(accepted)) return raw.header('content-encoding', 'gzip').send(await encoded.gzip());
      return raw.send(encoded.identity);
    },
  );
};
