import type { z } from 'zod';
import { type Session, sessionSchema } from '#shared/schemas/auth.ts';
import { bookmarkListSchema } from '#shared/schemas/bookmark.ts';
import { progressSchema } from '#shared/schemas/progress.ts';

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

/**
 * What the server holds for a member, read over HTTP with their access token (as another device
 * would): ticked steps as `project:index` and bookmarked project ids, both sorted.
 */
export async function memberState(baseUrl: string, accessToken: string) {
  const read = async <T>(route: string, schema: z.ZodType<T>) => {
    const response = await fetch(new URL(route, baseUrl), { headers: { authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`GET ${route} failed: ${response.status}`);
    return schema.parse(await response.json());
  };
  const progress = await read('/api/progress', progressSchema);
  const bookmarks = await read('/api/bookmarks', bookmarkListSchema);
  return {
    steps: progress.steps.map((tick) => `${tick.project_id}:${tick.index}`).sort(),
    bookmarks: bookmarks.map((bookmark) => bookmark.project_id).sort(),
  };
}
