import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { accountSchema, changePasswordRequestSchema, deleteAccountRequestSchema } from '#shared/schemas/account.ts';
import { type AccountExport, accountExportSchema } from '#shared/schemas/account-export.ts';
import type { AccessClaims } from '../../../auth/access-tokens.ts';
import { hashPassword, verifyPassword } from '../../../auth/passwords.ts';
import { HttpError } from '../../../http-error.ts';
import { wrongPassword } from '../account-errors.ts';
import { BODY_ERRORS, errorResponses } from '../error-responses.ts';
import { noStore } from '../no-store.ts';

const accountGone = () => new HttpError(401, 'user_not_found', 'User from access token does not exist');

/** A learner's account is their class's (product D16): their teacher exports or deletes it, and resets their secret. */
function notForLearners(caller: AccessClaims): void {
  if (caller.role === 'learner') {
    throw new HttpError(403, 'forbidden', 'Ask your teacher: your account belongs to your class');
  }
}

/**
 * `/api/account…`: the signed-in member's own account (product §2 Dashboard): who they are, a new
 * password, their data, and leaving. The member comes from the token only; nothing here takes an id.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos, sessions } = app;
  app.addHook('onRequest', noStore);

  /**
   * The caller's account once their password is confirmed. Wrong passwords count as failed sign-ins
   * (per account and address), so a stolen access token cannot be used to guess the password.
   */
  async function confirmPassword(request: FastifyRequest, caller: AccessClaims, password: string) {
    const user = await repos.users.findById(caller.userId);
    if (!user) throw accountGone();
    if ((await sessions.failedSignIns.attempt(user.email, request.ip)) === 'refused') {
      throw new HttpError(429, 'over_request_rate_limit', 'Too many wrong passwords. Try again later.');
    }
    if (!(await verifyPassword(user.password_hash, password))) throw wrongPassword();
    await sessions.failedSignIns.rightPassword(user.email, request.ip);
    return user;
  }

  // These calls take no query; anything there is a mistake worth telling the caller about.
  const noQuery = z.strictObject({});

  app.get(
    '/account',
    { schema: { querystring: noQuery, response: { 200: accountSchema, ...errorResponses(401) } } },
    async (request) => {
      const caller = await app.requireUser(request);
      const user = await repos.users.findById(caller.userId);
      if (!user) throw accountGone();
      // A learner has no e-mail (the column holds a placeholder that is no address), and is called by
      // the name their teacher gave them, never by the username made for them.
      if (user.role === 'learner') {
        const place = await repos.classes.classOfLearner(user.id);
        return {
          id: user.id,
          email: '',
          role: user.role,
          display_name: place?.display_name ?? null,
          created_at: user.created_at,
        };
      }
      return { id: user.id, email: user.email, role: user.role, display_name: null, created_at: user.created_at };
    },
  );

  app.put(
    '/account/password',
    {
      schema: {
        body: changePasswordRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 422, 429, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      notForLearners(caller);
      const { current_password: current, new_password: next } = request.body;
      if (next.length < PASSWORD_MIN_LENGTH) {
        throw new HttpError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
      }
      await confirmPassword(request, caller, current);
      await repos.users.setPassword(caller.userId, await hashPassword(next));
      // Whoever knew the old password is signed out everywhere else; this device stays signed in.
      await repos.sessions.revokeOthers(caller.userId, caller.sessionId);
      request.log.info({ userId: caller.userId }, 'password changed');
      return reply.code(204).send();
    },
  );

  app.get(
    '/account/export',
    { schema: { querystring: noQuery, response: { 200: accountExportSchema, ...errorResponses(401, 403) } } },
    async (request, reply): Promise<AccountExport> => {
      const caller = await app.requireUser(request);
      notForLearners(caller);
      const { userId } = caller;
      const [user, profile] = [await repos.users.findById(userId), await repos.profiles.findRow(userId)];
      if (!user || !profile) throw accountGone();
      const exportedAt = new Date().toISOString();
      reply.header('content-disposition', `attachment; filename="roboforge-data-${exportedAt.slice(0, 10)}.json"`);
      return {
        exported_at: exportedAt,
        account: {
          id: user.id,
          email: user.email,
          role: user.role,
          created_at: user.created_at,
          updated_at: user.updated_at,
          suspended_at: user.suspended_at,
        },
        profile: {
          username: profile.username,
          bio: profile.bio,
          avatar_url: profile.avatar_url,
          show_email: profile.show_email === 1,
          hidden_at: profile.hidden_at,
          created_at: profile.created_at,
          updated_at: profile.updated_at,
        },
        bookmarks: (await repos.bookmarks.list(userId)).map(({ project_id, created_at }) => ({
          project_id,
          created_at,
        })),
        progress: await repos.progress.list(userId),
        sketches: await repos.sketches.exportAll(userId),
        sessions: await repos.sessions.listActive(userId),
        moderation: await repos.auditLog.forTarget(userId),
      };
    },
  );

  app.delete(
    '/account',
    {
      schema: {
        body: deleteAccountRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(401, 403, 429, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      notForLearners(caller);
      await confirmPassword(request, caller, request.body.password);
      await repos.administration.deleteMember(caller.userId, caller.userId, null, 'delete_own_account');
      request.log.info({ userId: caller.userId }, 'account deleted by its owner');
      return reply.code(204).send();
    },
  );
};
