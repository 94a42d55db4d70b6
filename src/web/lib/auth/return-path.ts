import { ROUTES } from '#shared/routes.ts';

export { RETURN_PARAM } from './auth-redirect.ts';

/** Longer than any path of ours with its query: anything longer is not one we made. */
const MAX_LENGTH = 2048;
/** A stand-in origin: a path that resolves to any other origin is not on this site. */
const SITE = 'https://roboforge.invalid';

/**
 * Where /auth sends a member after signing in: `/auth?next=/dashboard` (product §2). The page is
 * not secret (docs/first-touch.md keeps credentials out of URLs, not destinations), but the
 * parameter is anyone's to write, so only a path on this site is followed: never another origin
 * (`//evil.com`, `https://…`, `/\evil.com`, which browsers read as `//evil.com`) nor a script URL.
 *
 * Returns the same-site path `raw` names (pathname, query and fragment), or null: then the default applies.
 */
export function returnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  // One slash, then not another slash or a backslash; no backslash or control character anywhere
  // (browsers turn `\` into `/` and drop tabs and line breaks before reading a URL).
  if (!/^\/(?![/\\])/.test(raw) || /[\\\p{Cc}]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE || url.pathname === ROUTES.auth) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
