import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { signUpRequestSchema, signUpResponseSchema } from '#shared/schemas/auth.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { HttpError } from '../../../http-error.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

export const signUpRoute: FastifyPluginAsyncZod = async (app) => {
  const { signupPerAddress } = app.config.auth.rateLimits;

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: { max: signupPerAddress.max, timeWindow: signupPerAddress.windowMs } },
      onRequest: noStore,
      schema: {
        body: signUpRequestSchema,
        response: { 200: signUpResponseSchema, ...errorResponses(422, 429, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      if (password.length < PASSWORD_MIN_LENGTH) {
        throw new HttpError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
      }
      const created = await app.repos.users.create({ email, passwordHash: await hashPassword(password) });
      if (!created) throw new HttpError(422, 'user_already_exists', 'User already registered');
      request.log.info({ userId: created.user.id }, 'account created');
      return { user: created.user };
    },
  );
};
