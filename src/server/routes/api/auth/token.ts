import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialsSchema, grantTypeSchema, refreshGrantSchema, sessionSchema } from '#shared/schemas/auth.ts';
import { verifyPassword } from '../../../auth/passwords.ts';
import { HttpError } from '../../../http-error.ts';
import { accountSuspended } from '../account-errors.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

const invalidCredentials = () => new HttpError(400, 'invalid_credentials', 'Invalid login credentials');

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
        // Behind TRUST_PROXY, request.ip is the client's forwarded address.
        // Counted as failed before the (slow) check, so attempts sent at once cannot all pass a count of none.
        if ((await sessions.failedSignIns.attempt(body.email, request.ip)) === 'refused') {
          throw new HttpError(
            429,
            'over_request_rate_limit',
            'Too many failed sign-ins for this account from your address. Try again later.',
          );
        }
        const user = await repos.users.findByEmail(body.email);
        const valid = await verifyPassword(user?.password_hash ?? null, body.password);
        if (!user || !valid) throw invalidCredentials();
        await sessions.failedSignIns.rightPassword(body.email, request.ip);
        // Told only to whoever knows the password: a suspension is no secret from its owner.
        if (user.suspended_at !== null) throw accountSuspended();
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
