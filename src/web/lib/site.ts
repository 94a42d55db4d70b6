import { DEFAULT_SITE_NAME } from '#shared/constants.ts';

/** The product name (product D2), set by SITE_NAME at build time. */
export const SITE_NAME: string = import.meta.env.SITE_NAME ?? DEFAULT_SITE_NAME;

/** A page's `<title>`: its own name and the product's, or the product's tagline on the home page. */
export function pageTitle(title: string | null): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — learn robotics by building`;
}

/** `<title>` and description of a page. */
export function pageMeta(title: string | null, description: string) {
  return [{ title: pageTitle(title) }, { name: 'description', content: description }];
}

/** What the 404 page says; the 404 shell has the same title before the app loads, so nothing changes then. */
export const NOT_FOUND = { title: 'Page not found', description: 'This page does not exist.' } as const;
