import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './repository-root.ts';

/** What `npm run build` leaves and the system and end-to-end tests read or run. */
const BUILD_OUTPUTS = ['build/page-manifest.json', 'build/server-app/server.js'];

/**
 * Stops a run that needs the production build before any test starts, instead of failing file by file.
 * `npm test` builds once and every project that needs it uses that build.
 */
export function requireBuild(): void {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length > 0) {
    throw new Error(
      `No production build (${missing.join(', ')} missing): run \`npm run build\` first (npm test does).`,
    );
  }
}

/** The system project's global setup. */
export default function setup(): void {
  requireBuild();
}
