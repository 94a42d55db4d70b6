import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwksSchema } from '#shared/schemas/auth.ts';
import { errorResponses } from '../error-responses.ts';

/** The public keys that verify access tokens, for other services. */
export const jwksRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/jwks', { schema: { response: { 200: jwksSchema, ...errorResponses() } } }, async (_request, reply) => {
    // Clients may cache the public keys for 10 minutes (product §9).
    reply.header('cache-control', 'public, max-age=600');
    return jwksSchema.parse(app.signingKeys.jwks());
  });
};
