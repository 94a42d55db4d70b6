import { DEFAULT_SITE_NAME } from '#shared/constants.ts';

/** The product name (product D2), set by SITE_NAME at build time. */
export const SITE_NAME: string = import.meta.env.SITE_NAME ?? DEFAULT_SITE_NAME;

/** `<title>` and description of a page. */
export function pageMeta(title: string | null, description: string) {
  return [
    { title: title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — learn robotics by building` },
    { name: 'description', content: description },
  ];
}
