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
