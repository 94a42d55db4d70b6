import { type Session, sessionSchema } from '#shared/schemas/auth.ts';

/** The password `signUpAndSignIn` gives an account unless told another. */
export const PASSWORD = 'correct horse battery';

let accountCounter = 0;

/** An e-mail address no other account of this run has. */
export function uniqueEmail(label = 'builder'): string {
  return `${label}${++accountCounter}-${Date.now().toString(36)}@example.test`;
}

/**
 * Signs a new account up and in over HTTP, as a visitor does through the web app, and returns the
 * session the app keeps in localStorage (`JSON.stringify` it to seed a browser). `server` is anything
 * with a `baseUrl` (a test server, a server process) or the base URL itself.
 */
export async function signUpAndSignIn(
  server: { readonly baseUrl: string } | string,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<Session> {
  const baseUrl = typeof server === 'string' ? server : server.baseUrl;
  const post = async (path: string) => {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { status: response.status, text: await response.text() };
  };
  const signUp = await post('/api/auth/signup');
  if (signUp.status !== 200) throw new Error(`sign-up of ${email} failed: ${signUp.status} ${signUp.text}`);
  const signIn = await post('/api/auth/token?grant_type=password');
  if (signIn.status !== 200) throw new Error(`sign-in of ${email} failed: ${signIn.status} ${signIn.text}`);
  return sessionSchema.parse(JSON.parse(signIn.text));
}
