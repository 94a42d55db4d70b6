/**
 * The access token's `app_role` (product §3 Session): a hint for what a page shows — a learner's
 * dashboard, the tutorial's "Ask for help" — never for what the server allows, which it reads from
 * the database on every call. Cheaper than asking `/api/account` where a page only needs the hint.
 */
export function roleHint(accessToken: string | null | undefined): string | null {
  try {
    const payload = accessToken?.split('.')[1];
    if (!payload) return null;
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null && 'app_role' in claims && typeof claims.app_role === 'string'
      ? claims.app_role
      : null;
  } catch {
    return null;
  }
}
