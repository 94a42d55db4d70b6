import type { Config } from '@react-router/dev/config';
import { PRERENDERED_ROUTES } from './src/shared/routes.ts';

/*
 * Framework mode without a server renderer: every route of product §2 is rendered to HTML at build
 * time (public pages with their content, the others as a shell of the right size), so the first
 * paint needs no JavaScript; `__spa-fallback.html` is the 404 shell for every other path.
 */
export default {
  appDirectory: 'src/web/app',
  buildDirectory: 'build',
  ssr: false,
  prerender: [...PRERENDERED_ROUTES],
} satisfies Config;
