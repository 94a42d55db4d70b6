/** The app's routes (SPEC §2). The server answers these with their prerendered pages. */
export const ROUTES = {
  home: '/',
  projects: '/projects',
  about: '/about',
  people: '/people',
  auth: '/auth',
  dashboard: '/dashboard',
} as const;

/** Every route is rendered to HTML at build time: content for public pages, a shell for the rest. */
export const PRERENDERED_ROUTES: readonly string[] = Object.values(ROUTES);
