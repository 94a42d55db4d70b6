import { errors, jwtVerify, SignJWT } from 'jose';
import type { SigningKeyStore } from './signing-keys.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const AUDIENCE = 'authenticated';

export interface AccessClaims {
  readonly userId: string;
  readonly email: string;
  readonly sessionId: string;
}

export async function issueAccessToken(
  keys: SigningKeyStore,
  issuer: string,
  claims: AccessClaims,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const { kid, privateKey } = keys.signingKey();
  const expiresAt = nowSeconds + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ email: claims.email, sid: claims.sessionId, role: AUDIENCE })
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
    const { sub, email, sid } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
    return { userId: sub, email, sessionId: sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
