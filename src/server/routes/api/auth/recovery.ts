import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, RESET_PASSWORD_PATH } from '#shared/constants.ts';
import { sessionSchema } from '#shared/schemas/auth.ts';
import {
  authSettingsSchema,
  recoverRequestSchema,
  recoverResponseSchema,
  resetPasswordRequestSchema,
} from '#shared/schemas/recovery.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { DEFAULT_RECOVERY_LIMITS } from '../../../env.ts';
import { HttpError } from '../../../http-error.ts';
import { accountSuspended } from '../account-errors.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

const RECOVER_ANSWER = 'If an account uses this address, a link to choose a new password is on its way.';

const resetTokenInvalid = () =>
  new HttpError(
    400,
    'reset_token_invalid',
    'This reset link does not work: it was used already, has expired or was replaced. Ask for a new one.',
  );

/** Forgotten passwords: the settings the login page reads, a reset link by e-mail, and using a link. */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, sessions, mailer, config } = app;
  const limits = config.recoveryLimits ?? DEFAULT_RECOVERY_LIMITS;
  const perEmail = app.createRateLimit({
    max: limits.recoverPerEmail.max,
    timeWindow: limits.recoverPerEmail.windowMs,
    // Hashed: the address never becomes a key in Redis itself.
    keyGenerator: (request) => {
      const { email } = recoverRequestSchema.parse(request.body);
      return `recover-email:${createHash('sha256').update(email).digest('base64url')}`;
    },
  });

  app.get(
    '/auth/settings',
    { schema: { querystring: z.strictObject({}), response: { 200: authSettingsSchema, ...errorResponses() } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { password_recovery: mailer ? ('email' as const) : ('admin' as const) };
    },
  );

  app.post(
    '/auth/recover',
    {
      config: { rateLimit: { max: limits.recoverPerAddress.max, timeWindow: limits.recoverPerAddress.windowMs } },
      onRequest: noStore,
      schema: {
        body: recoverRequestSchema,
        response: { 202: recoverResponseSchema, ...errorResponses(404, 429, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      if (!mailer) {
        throw new HttpError(
          404,
          'mail_not_configured',
          'This site sends no e-mail. Ask your club’s RoboForge administrator for a reset link.',
        );
      }
      const limit = await perEmail(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new HttpError(
          429,
          'over_request_rate_limit',
          'Too many reset e-mails for this address. Try again in an hour.',
        );
      }
      const { email } = request.body;
      // Answered before the account is even looked up: the same answer, in the same time, for every address.
      void sendResetMail(email).catch((error: unknown) => request.log.error({ err: error }, 'reset e-mail failed'));
      return reply.code(202).send({ message: RECOVER_ANSWER });
    },
  );

  async function sendResetMail(email: string): Promise<void> {
    const user = await repos.users.findByEmail(email);
    if (!user || user.suspended_at !== null || !mailer) return;
    const { token } = await repos.passwordResets.create(user.id, null);
    const url = new URL(`${RESET_PASSWORD_PATH}#token=${token}`, config.siteUrl ?? undefined).href;
    mailer.sendLater({
      to: user.email,
      subject: `Reset your ${config.siteName} password`,
      text: [
        `Someone (we hope you) asked to reset the password of your ${config.siteName} account.`,
        '',
        'Open this link within an hour to choose a new password:',
        url,
        '',
        'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  }

  app.post(
    '/auth/reset',
    {
      config: { rateLimit: { max: limits.resetPerAddress.max, timeWindow: limits.resetPerAddress.windowMs } },
      onRequest: noStore,
      schema: {
        body: resetPasswordRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(403, 422, 429, ...BODY_ERRORS) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      if (password.length < PASSWORD_MIN_LENGTH) {
        throw new HttpError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
      }
      // Checked before the costly hash, and again when the link is spent.
      if (!(await repos.passwordResets.isUsable(token))) throw resetTokenInvalid();
      const result = await repos.passwordResets.redeem(token, await hashPassword(password));
      if (!result.ok) throw result.reason === 'suspended' ? accountSuspended() : resetTokenInvalid();
      request.log.info({ userId: result.issued.userId }, 'password reset with a link');
      return sessions.answer(result.issued, result);
    },
  );
};
