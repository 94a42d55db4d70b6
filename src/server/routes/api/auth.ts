import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import {
  credentialsSchema,
  grantTypeSchema,
  jwksSchema,
  refreshGrantSchema,
  sessionSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  userResponseSchema,
} from '#shared/schemas/auth.ts';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from '../../auth/access-tokens.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { IssuedRefresh } from '../../auth/sessions.ts';
import { usersRepository } from '../../db/users-repository.ts';
import { HttpError } from '../../http-error.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };

const invalidCredentials = () => new HttpError(400, 'invalid_credentials', 'Invalid login credentials');

/** Refresh failures are always 4xx: a 5xx would make clients retry a token that can never work. */
const REFRESH_FAILURES = {
  not_found: () => new HttpError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  already_used: () => new HttpError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  revoked: () => new HttpError(400, 'session_not_found', 'Session not found: it was signed out or revoked'),
  expired: () => new HttpError(400, 'session_not_found', 'Session expired: please sign in again'),
} as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersRepository(app.database);
  const { auth } = app;
  const limits = app.config.auth.rateLimits;

  async function sessionFor(issued: IssuedRefresh, email: string) {
    const { token, expiresAt } = await issueAccessToken(auth.keys, auth.issuer, {
      userId: issued.userId,
      email,
      sessionId: issued.sessionId,
    });
    return {
      access_token: token,
      refresh_token: issued.refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      token_type: 'bearer' as const,
      user: { id: issued.userId, email },
    };
  }

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: { max: limits.signupPerAddress.max, timeWindow: limits.signupPerAddress.windowMs } },
      schema: { body: signUpRequestSchema, response: { 200: signUpResponseSchema, ...errors } },
    },
    async (request) => {
      const { email, password } = request.body;
      if (password.length < PASSWORD_MIN_LENGTH) {
        throw new HttpError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
      }
      const created = await users.create(email, await hashPassword(password));
      if (!created) throw new HttpError(422, 'user_already_exists', 'User already registered');
      app.profileList.invalidate();
      void app.profileFeed.poke();
      request.log.info({ userId: created.user.id }, 'account created');
      return { user: created.user };
    },
  );

  app.post(
    '/auth/token',
    {
      config: { rateLimit: { max: limits.tokenPerAddress.max, timeWindow: limits.tokenPerAddress.windowMs } },
      schema: {
        querystring: grantTypeSchema,
        body: z.union([credentialsSchema, refreshGrantSchema], { error: 'Send {email, password} or {refresh_token}' }),
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => {
      const { body } = request;
      if (request.query.grant_type === 'password') {
        if (!('email' in body)) throw new HttpError(400, 'validation_failed', 'body: email and password are required');
        if (await auth.failedSignIns.isLocked(body.email)) {
          throw new HttpError(
            429,
            'over_request_rate_limit',
            'Too many failed sign-ins for this account. Try again in an hour.',
          );
        }
        const user = await users.findByEmail(body.email);
        const valid = await verifyPassword(user?.password_hash ?? null, body.password);
        if (!user || !valid) {
          await auth.failedSignIns.recordFailure(body.email);
          throw invalidCredentials();
        }
        await auth.failedSignIns.reset(body.email);
        return sessionFor(await auth.sessions.start(user.id), user.email);
      }

      if (!('refresh_token' in body)) throw new HttpError(400, 'validation_failed', 'body: refresh_token is required');
      const rotation = await auth.sessions.rotate(body.refresh_token);
      if (!rotation.ok) throw REFRESH_FAILURES[rotation.reason]();
      const user = await users.findById(rotation.issued.userId);
      if (!user) throw REFRESH_FAILURES.revoked();
      return sessionFor(rotation.issued, user.email);
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 204: z.undefined(), 401: apiErrorSchema } } },
    async (request, reply) => {
      const claims = await auth.requireUser(request);
      await auth.sessions.revoke(claims.sessionId);
      return reply.code(204).send();
    },
  );

  app.get('/auth/user', { schema: { response: { 200: userResponseSchema, 401: apiErrorSchema } } }, async (request) => {
    const claims = await auth.requireUser(request);
    const user = await users.findById(claims.userId);
    if (!user) throw new HttpError(401, 'user_not_found', 'User from access token does not exist');
    return { id: user.id, email: user.email, created_at: user.created_at };
  });

  app.get('/auth/jwks', { schema: { response: { 200: jwksSchema } } }, async (_request, reply) => {
    // Clients may cache the public keys for 10 minutes (SPEC §9).
    reply.header('cache-control', 'public, max-age=600');
    return jwksSchema.parse(auth.keys.jwks());
  });
};
