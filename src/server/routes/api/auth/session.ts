import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logoutBodySchema, logoutQuerySchema } from '#shared/schemas/account.ts';
import { userResponseSchema } from '#shared/schemas/auth.ts';
import { HttpError } from '../../../http-error.ts';
import { allowEmptyJsonBody } from '../empty-json-body.ts';
import { errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

/** The caller's own session: who they are, and signing out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  allowEmptyJsonBody(app);

  /** `?scope=local` (default) ends this session, `global` every session of the account, `others` all but this one. */
  app.post(
    '/auth/logout',
    {
      schema: {
        querystring: logoutQuerySchema,
        body: logoutBodySchema,
        response: { 204: z.undefined(), ...errorResponses(401, 413, 415) },
      },
    },
    async (request, reply) => {
      const claims = await app.requireUser(request);
      const { scope } = request.query;
      if (scope === 'global') await repos.sessions.revokeAll(claims.userId);
      else if (scope === 'others') await repos.sessions.revokeOthers(claims.userId, claims.sessionId);
      else await repos.sessions.revoke(claims.sessionId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/auth/user',
    { onRequest: noStore, schema: { response: { 200: userResponseSchema, ...errorResponses(401) } } },
    async (request) => {
      const claims = await app.requireUser(request);
      const user = await repos.users.findById(claims.userId);
      if (!user) throw new HttpError(401, 'user_not_found', 'User from access token does not exist');
      return { id: user.id, email: user.role === 'learner' ? '' : user.email, created_at: user.created_at };
    },
  );
};
