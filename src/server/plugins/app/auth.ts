import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AccessClaims, verifyAccessToken } from '../../auth/access-tokens.ts';
import { HttpError } from '../../http-error.ts';

const sessionMissing = () => new HttpError(401, 'session_missing', 'Auth session missing!');
const badToken = () => new HttpError(401, 'bad_jwt', 'Invalid or expired access token. Please sign in again.');

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The signed-in caller, or a 401 HttpError. `role` is the account's role in the database now,
     * whatever the token says.
     */
    requireUser(request: FastifyRequest): Promise<AccessClaims>;
    /** The signed-in caller if they are an administrator now; 401 without a valid token, 403 for a member. */
    requireAdmin(request: FastifyRequest): Promise<AccessClaims>;
    /** The signed-in caller if they are a teacher or an administrator now; 401 without a valid token, 403 otherwise. */
    requireTeacher(request: FastifyRequest): Promise<AccessClaims>;
    /** The caller when the request carries a valid token, otherwise null (for public routes that show more to some). */
    optionalUser(request: FastifyRequest): Promise<AccessClaims | null>;
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
      // So do a suspended (or deleted) member's, even one whose refresh raced the suspension.
      const standing = await repos.users.standing(claims.userId);
      if (!standing || standing.suspended_at !== null) throw badToken();
      return { ...claims, role: standing.role };
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const caller = await app.requireUser(request);
      if (caller.role !== 'admin') throw new HttpError(403, 'forbidden', 'Only administrators may do this');
      return caller;
    });
    // Administrators can do everything a teacher can (product §6).
    app.decorate('requireTeacher', async (request: FastifyRequest) => {
      const caller = await app.requireUser(request);
      if (caller.role !== 'teacher' && caller.role !== 'admin') {
        throw new HttpError(403, 'forbidden', 'Only teachers may do this');
      }
      return caller;
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null;
      return app.requireUser(request).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) return null;
        throw error;
      });
    });
  },
  { name: 'auth', dependencies: ['config', 'database', 'signing-keys'] },
);
