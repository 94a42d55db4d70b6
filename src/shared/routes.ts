/** The app's routes (SPEC §2). The server answers these with their prerendered pages. */
export const ROUTES = {
  home: '/',
  projects: '/projects',
  about: '/about',
  people: '/people',
  auth: '/auth',
  dashboard: '/dashboard',
} as const;

/** Routes rendered to HTML at build time (the others come with their issues). */
export const PRERENDERED_ROUTES: readonly string[] = [ROUTES.home, ROUTES.about, ROUTES.people];
