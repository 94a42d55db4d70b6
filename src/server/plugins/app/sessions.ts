import fp from 'fastify-plugin';
import type { Session } from '#shared/schemas/auth.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type AppRole, issueAccessToken } from '../../auth/access-tokens.ts';
import { type FailedSignIns, failedSignIns } from '../../auth/failed-sign-ins.ts';
import type { IssuedRefresh } from '../../db/repositories/sessions.ts';

interface SessionIssuer {
  /** Failed password sign-ins per account and per account and address. */
  readonly failedSignIns: FailedSignIns;
  /** The session answer of a sign-in, refresh or password reset: a new access token beside the refresh token. */
  answer(issued: IssuedRefresh, user: { readonly email: string; readonly role: AppRole }): Promise<Session>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionIssuer;
  }
}

export const sessionsPlugin = fp(
  async (app) => {
    const { config, redis, signingKeys } = app;
    const { rateLimits } = config.auth;
    const limits = {
      perAccount: rateLimits.failedSignInsPerAccount,
      perAccountAndAddress: rateLimits.failedSignInsPerAccountAndAddress,
    };
    app.decorate('sessions', {
      failedSignIns: failedSignIns(redis, limits, config.redisKeyPrefix),
      async answer(issued: IssuedRefresh, user: { email: string; role: AppRole }): Promise<Session> {
        const { role } = user;
        // A learner has no e-mail: neither the token nor the session names one (product D16).
        const email = role === 'learner' ? '' : user.email;
        const { token, expiresAt } = await issueAccessToken(signingKeys, config.auth.issuer, {
          userId: issued.userId,
          email,
          sessionId: issued.sessionId,
          role,
        });
        return {
          access_token: token,
          refresh_token: issued.refreshToken,
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
          expires_at: expiresAt,
          token_type: 'bearer',
          user: { id: issued.userId, email },
        };
      },
    });
  },
  { name: 'sessions', dependencies: ['config', 'redis', 'signing-keys'] },
);
