import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import { issueAccessToken } from '#server/auth/access-tokens.ts';
import type { Session } from '#shared/schemas/auth.ts';
import type { TestServer } from './test-server.ts';

/** Access tokens an attacker could bring to act as `victim`; none of them may work. */
export interface ForgedTokens {
  /** The victim's own token, signed by the server, whose hour is over (an old stolen token). */
  readonly expired: string;
  /** The victim's claims signed by a key the server never issued, under the server's `kid`. */
  readonly foreignKey: string;
  /** The victim's claims with `alg: none` and no signature. */
  readonly algNone: string;
  /** The attacker's real token with its subject and e-mail edited to the victim's. */
  readonly tampered: string;
  /** The victim's claims signed HS256 with the server's public key (algorithm confusion). */
  readonly hmacWithPublicKey: string;
}

const claimsSchema = z.looseObject({ sub: z.string(), email: z.string(), sid: z.string() });

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function forgeTokens(server: TestServer, victim: Session, attacker: Session): Promise<ForgedTokens> {
  const claims = decodeJwt(victim.access_token);
  const { sub, email, sid } = claimsSchema.parse(claims);
  const kid = z.string().parse(decodeProtectedHeader(victim.access_token).kid);
  const { signingKeys } = server.app;
  const { issuer } = server.config.auth;

  const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
  const expired = await issueAccessToken(
    signingKeys,
    issuer,
    { userId: sub, email, sessionId: sid, role: 'member' },
    twoHoursAgo,
  );
  const { privateKey } = await generateKeyPair('ES256');
  const foreignKey = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
  const algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
  const [attackerHeader = '', , attackerSignature = ''] = attacker.access_token.split('.');
  const attackerClaims = decodeJwt(attacker.access_token);
  const tampered = `${attackerHeader}.${encode({ ...attackerClaims, sub, email })}.${attackerSignature}`;
  const publicJwk = signingKeys.jwks().keys.find((key) => key.kid === kid);
  const hmacWithPublicKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
    .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));

  return { expired: expired.token, foreignKey, algNone, tampered, hmacWithPublicKey };
}
