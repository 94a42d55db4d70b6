import { errors, jwtVerify, SignJWT } from 'jose';
import type { SigningKeyStore } from './signing-keys.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const AUDIENCE = 'authenticated';

/** The member's role in RoboForge, claim `app_role` (`role` keeps the hosted service's meaning: `authenticated`). */
export type AppRole = 'member' | 'teacher' | 'admin' | 'learner';
const APP_ROLES: readonly string[] = ['member', 'teacher', 'admin', 'learner'] satisfies AppRole[];
const isAppRole = (value: unknown): value is AppRole => typeof value === 'string' && APP_ROLES.includes(value);

export interface AccessClaims {
  readonly userId: string;
  readonly email: string;
  readonly sessionId: string;
  /**
   * As it was at sign-in or the last refresh: a hint for the web app (show the Admin link). The
   * server decides from the database on every request (`requireUser`), so a demotion counts at once.
   */
  readonly role: AppRole;
}

export async function issueAccessToken(
  keys: SigningKeyStore,
  issuer: string,
  claims: AccessClaims,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const { kid, privateKey } = keys.signingKey();
  const expiresAt = nowSeconds + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ email: claims.email, sid: claims.sessionId, role: AUDIENCE, app_role: claims.role })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(expiresAt)
    .sign(privateKey);
  return { token, expiresAt };
}

/**
 * Verifies signature (ES256 only, so `alg: none` and HMAC tricks fail), issuer, audience and
 * expiry; a token without `exp`, `iat`, `sub` or `sid` is refused, however it was signed.
 */
export async function verifyAccessToken(
  keys: SigningKeyStore,
  issuer: string,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid ? await keys.verificationKey(header.kid) : null;
        if (!key) throw new errors.JWKSNoMatchingKey();
        return key;
      },
      { algorithms: ['ES256'], issuer, audience: AUDIENCE, requiredClaims: ['exp', 'iat', 'sub', 'sid'] },
    );
    const { sub, email, sid, app_role } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
    // Tokens issued before roles existed carry no app_role: they are a member's.
    return { userId: sub, email, sessionId: sid, role: isAppRole(app_role) ? app_role : 'member' };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
