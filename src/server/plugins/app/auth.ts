import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AccessClaims, verifyAccessToken } from '../../auth/access-tokens.ts';
import { HttpError } from '../../http-error.ts';

const sessionMissing = () => new HttpError(401, 'session_missing', 'Auth session missing!');
const badToken = () => new HttpError(401, 'bad_jwt', 'Invalid or expired access token. Please sign in again.');

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in caller, or a 401 HttpError. */
    requireUser(request: FastifyRequest): Promise<AccessClaims>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  if (!match?.[1]) throw badToken();
  return match[1];
}

/** `app.requireUser(request)`: who is calling, from a valid access token of a live session. */
export const authPlugin = fp(
  async (app) => {
    const { signingKeys, repos, config } = app;
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw sessionMissing();
      const claims = await verifyAccessToken(signingKeys, config.auth.issuer, token);
      // A signed-out or revoked session's access tokens stop working at once, not at expiry.
      if (!claims || !(await repos.sessions.isActive(claims.sessionId))) throw badToken();
      return claims;
    });
  },
  { name: 'auth', dependencies: ['config', 'database', 'signing-keys'] },
);
