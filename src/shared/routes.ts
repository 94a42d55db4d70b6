import { PROJECTS } from './content/projects.ts';

/** The app's routes (SPEC §2). The server answers these with their prerendered pages. */
export const ROUTES = {
  home: '/',
  projects: '/projects',
  about: '/about',
  people: '/people',
  auth: '/auth',
  dashboard: '/dashboard',
} as const;

/** A project's tutorial page, e.g. `/projects/plant-watering-robot`. */
export function tutorialPath(slug: string): string {
  return `${ROUTES.projects}/${slug}`;
}

function prerenderedRoutes(): string[] {
  return [...Object.values(ROUTES), ...PROJECTS.map((project) => tutorialPath(project.slug))];
}

/**
 * Every route is rendered to HTML at build time: content for public pages, a shell for the rest,
 * the nine tutorial pages included. Pure, so pages that only need ROUTES do not bundle the catalog.
 */
export const PRERENDERED_ROUTES: readonly string[] = /* @__PURE__ */ prerenderedRoutes();
