import { type AppConfig, DEFAULT_CLASS_CONFIG, DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { type Session, sessionSchema } from '#shared/schemas/auth.ts';
import { PASSWORD } from './sign-up.ts';
import { bearer, request, type TestServer } from './test-server.ts';

/**
 * Sign-up, token and recovery limits out of the way of suites that create many members from one address
 * (and of tables about who may do what, where a 429 would only add noise).
 */
export const ROOMY_LIMITS: Partial<AppConfig> = {
  auth: {
    issuer: 'roboforge-test',
    signingKey: null,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signupPerAddress: { max: 10_000, windowMs: 60_000 },
      tokenPerAddress: { max: 10_000, windowMs: 60_000 },
    },
  },
  classes: { ...DEFAULT_CLASS_CONFIG, signInsPerAddress: 10_000, pagesPerAddress: 10_000 },
  recoveryLimits: {
    recoverPerAddress: { max: 10_000, windowMs: 60_000 },
    recoverPerEmail: { max: 10_000, windowMs: 60_000 },
    resetPerAddress: { max: 10_000, windowMs: 60_000 },
  },
};

export async function signIn(server: TestServer, email: string, password = PASSWORD): Promise<Session> {
  const res = await request(server, '/api/auth/token?grant_type=password', {
    method: 'POST',
    json: { email, password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return sessionSchema.parse(res.body);
}

/** Makes the member an administrator the way `npm run admin -- promote` does, and signs them in anew. */
export async function promote(server: TestServer, member: Session): Promise<Session> {
  await server.app.repos.administration.setRole(null, member.user.id, 'admin', 'test set-up');
  return signIn(server, member.user.email);
}

/** Whether the access token still works. */
export async function isSignedIn(server: TestServer, session: Session): Promise<boolean> {
  return (await request(server, '/api/auth/user', { headers: bearer(session.access_token) })).status === 200;
}
