import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialsSchema, grantTypeSchema, refreshGrantSchema, sessionSchema } from '#shared/schemas/auth.ts';
import { checkSignIn } from '../../../auth/sign-in.ts';
import { HttpError } from '../../../http-error.ts';
import { accountSuspended } from '../account-errors.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

const invalidCredentials = () => new HttpError(400, 'invalid_credentials', 'Invalid login credentials');
const tooManyFailures = () =>
  new HttpError(
    429,
    'over_request_rate_limit',
    'Too many failed sign-ins for this account from your address. Try again later.',
  );

/** Refresh failures are always 4xx: a 5xx would make clients retry a token that can never work. */
const REFRESH_FAILURES = {
  not_found: () => new HttpError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  already_used: () => new HttpError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  revoked: () => new HttpError(400, 'session_not_found', 'Session not found: it was signed out or revoked'),
  expired: () => new HttpError(400, 'session_not_found', 'Session expired: please sign in again'),
} as const;

/** `POST /api/auth/token?grant_type=password|refresh_token`: sign in, or refresh a session. */
export const tokenRoute: FastifyPluginAsyncZod = async (app) => {
  const { repos, sessions } = app;
  const { tokenPerAddress } = app.config.auth.rateLimits;

  app.post(
    '/auth/token',
    {
      config: { rateLimit: { max: tokenPerAddress.max, timeWindow: tokenPerAddress.windowMs } },
      onRequest: noStore,
      schema: {
        querystring: grantTypeSchema,
        body: z.union([credentialsSchema, refreshGrantSchema], { error: 'Send {email, password} or {refresh_token}' }),
        response: { 200: sessionSchema, ...errorResponses(403, 429, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { body } = request;
      if (request.query.grant_type === 'password') {
        if (!('email' in body)) throw new HttpError(400, 'validation_failed', 'body: email and password are required');
        const { email, password } = body;
        // Behind TRUST_PROXY, request.ip is the client's forwarded address.
        const user = await checkSignIn({
          attempts: {
            attempt: async () =>
              (await sessions.failedSignIns.attempt(email, request.ip)) === 'refused' ? 'refused' : null,
            right: () => sessions.failedSignIns.rightPassword(email, request.ip),
          },
          account: () => repos.users.findByEmail(email),
          secret: password,
          refused: tooManyFailures,
          wrong: invalidCredentials,
          suspended: accountSuspended,
        });
        return sessions.answer(await repos.sessions.start(user.id), user);
      }

      if (!('refresh_token' in body)) throw new HttpError(400, 'validation_failed', 'body: refresh_token is required');
      const rotation = await repos.sessions.rotate(body.refresh_token);
      if (!rotation.ok) {
        // A suspension revokes every session: its owner's next refresh says why, so the page can tell them.
        if (rotation.reason === 'revoked' && (await repos.users.findById(rotation.userId))?.suspended_at) {
          throw accountSuspended();
        }
        throw REFRESH_FAILURES[rotation.reason]();
      }
      const user = await repos.users.findById(rotation.issued.userId);
      if (!user) throw REFRESH_FAILURES.revoked();
      if (user.suspended_at !== null) {
        // A refresh that raced the suspension may have stored a successor: end the session again.
        await repos.sessions.revoke(rotation.issued.sessionId);
        throw accountSuspended();
      }
      return sessions.answer(rotation.issued, user);
    },
  );
};
