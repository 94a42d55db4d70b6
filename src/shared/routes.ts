import { CLASS_SIGN_IN_PATH, RESET_PASSWORD_PATH } from './constants.ts';
import { PROJECTS } from './content/projects.ts';

/** The app's routes (product §2). The server answers these with their prerendered pages. */
export const ROUTES = {
  home: '/',
  projects: '/projects',
  about: '/about',
  people: '/people',
  auth: '/auth',
  dashboard: '/dashboard',
  /** Administrators only; everyone else sees the 404 page there (product §2). */
  admin: '/admin',
  /** Where a reset link leads (`#token=…`, product D13). */
  resetPassword: RESET_PASSWORD_PATH,
  /** A teacher's classes (product D16); teachers and administrators only. */
  classes: '/classes',
  /** The trainer board and the learner's own sketches (issue 32); signed in. */
  playground: '/playground',
} as const;

/**
 * Pages whose path holds an id or a code (product D16): each is prerendered once at a stand-in path
 * (its loading state, which any id or code starts from), and the server answers every path of the
 * pattern with that page, so the app hydrates the same markup it prerendered.
 */
export const SHELL_ROUTES: Readonly<Record<string, string>> = {
  '/classes/:id': '/classes/class',
  '/classes/:id/community': '/classes/class/community',
  [`${CLASS_SIGN_IN_PATH}/:code`]: `${CLASS_SIGN_IN_PATH}/code`,
  '/playground/:id': '/playground/sketch',
};

/** One of the learner's own sketches, open in the playground. */
export const playgroundSketchPath = (id: string) => `/playground/${id}`;

/** A class's page for its teachers. */
export const classPath = (id: string) => `/classes/${id}`;

/** A class's own community page, for its members and teachers (product D18). */
export const classCommunityPath = (id: string) => `${classPath(id)}/community`;

/** A project's tutorial page, e.g. `/projects/plant-watering-robot`. */
export function tutorialPath(slug: string): string {
  return `${ROUTES.projects}/${slug}`;
}

function prerenderedRoutes(): string[] {
  return [
    ...Object.values(ROUTES),
    ...PROJECTS.map((project) => tutorialPath(project.slug)),
    ...Object.values(SHELL_ROUTES),
  ];
}

/**
 * Every route is rendered to HTML at build time: content for public pages, a shell for the rest,
 * the nine tutorial pages included. Pure, so pages that only need ROUTES do not bundle the catalog.
 */
export const PRERENDERED_ROUTES: readonly string[] = /* @__PURE__ */ prerenderedRoutes();
