import type { z } from 'zod';
import { bookmarkListSchema } from '#shared/schemas/bookmark.ts';
import { progressSchema } from '#shared/schemas/progress.ts';

/**
 * Signs a new account up and in over HTTP, as the web app does, and returns the session JSON the
 * app keeps in localStorage. For browsers that should start signed in (end-to-end specs, bench).
 */
export async function signUpOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/signup', { email, password });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const signIn = await post('/api/auth/token?grant_type=password', { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.text();
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
