import path from 'node:path';

/** The repository's root folder: where the build, the sources and `package.json` are. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
