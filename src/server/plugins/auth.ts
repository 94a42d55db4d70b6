import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { type AccessClaims, verifyAccessToken } from '../auth/access-tokens.ts';
import { type FailedSignIns, memoryFailedSignIns, redisFailedSignIns } from '../auth/failed-sign-ins.ts';
import { sessionsRepository } from '../auth/sessions.ts';
import { SigningKeyStore } from '../auth/signing-keys.ts';
import type { AppConfig } from '../env.ts';
import { HttpError } from '../http-error.ts';

export const sessionMissing = () => new HttpError(401, 'session_missing', 'Auth session missing!');
const badToken = () => new HttpError(401, 'bad_jwt', 'Invalid or expired access token. Please sign in again.');

export interface AuthServices {
  readonly keys: SigningKeyStore;
  readonly sessions: ReturnType<typeof sessionsRepository>;
  readonly failedSignIns: FailedSignIns;
  readonly issuer: string;
  /** The signed-in caller, or a 401 HttpError. */
  requireUser(request: FastifyRequest): Promise<AccessClaims>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthServices;
    redis: Redis | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  if (!match?.[1]) throw badToken();
  return match[1];
}

export async function registerAuth(app: FastifyInstance, config: AppConfig): Promise<void> {
  const db = app.database.db;
  // Loaded only when configured: a single instance keeps its counters in memory.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  const keys = await SigningKeyStore.open(db, config.auth.signingKey);
  const sessions = sessionsRepository(db);
  const { max, windowMs } = config.auth.rateLimits.failedSignInsPerAccount;
  const failedSignIns = redis
    ? redisFailedSignIns(redis, max, windowMs, config.redisKeyPrefix)
    : memoryFailedSignIns(max, windowMs);

  app.decorate('auth', {
    keys,
    sessions,
    failedSignIns,
    issuer: config.auth.issuer,
    async requireUser(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) throw sessionMissing();
      const claims = await verifyAccessToken(keys, config.auth.issuer, token);
      // A signed-out or revoked session's access tokens stop working at once, not at expiry.
      if (!claims || !(await sessions.isActive(claims.sessionId))) throw badToken();
      return claims;
    },
  });
}
