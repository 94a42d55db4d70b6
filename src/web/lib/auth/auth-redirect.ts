import { ROUTES } from '#shared/routes.ts';

/** The query parameter of `/auth?next=/dashboard`: where signing in leads back to (product §2). */
export const RETURN_PARAM = 'next';

/**
 * /auth, naming the page the visitor was on so that signing in leads back to it. The page is this
 * site's own location; /auth checks whatever it reads (`returnPath`), so only what could never be
 * one of our pages is left out here. Kept apart from that check: every members' page carries this.
 */
export function authPathReturningTo({ pathname, search, hash }: { pathname: string; search: string; hash: string }) {
  const ours = /^\/(?![/\\])/.test(pathname) && !pathname.includes('\\');
  if (!ours || pathname === ROUTES.home || pathname === ROUTES.auth) return ROUTES.auth;
  return `${ROUTES.auth}?${new URLSearchParams({ [RETURN_PARAM]: `${pathname}${search}${hash}` })}`;
}
