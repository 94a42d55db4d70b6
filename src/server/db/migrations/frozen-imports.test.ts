import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from '#test/import-specifiers.ts';
import { ROOT } from '#test/repository-root.ts';

const FOLDER = 'src/server/db/migrations';

/** The migrations and what they own: every file of this folder but its tests. */
const migrationFiles = () =>
  globSync(`${FOLDER}/**/*.ts`, { cwd: ROOT })
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .sort();

/**
 * What a migration file may import: a package (`kysely`, `node:…`) or a file of this folder. Not
 * the live code (`#shared/*`, `#server/*`, `../…`), not even for a type: when that changes, an old
 * migration would change with it.
 */
function liveImportsOf(file: string, source: string): string[] {
  return importSpecifiers(source)
    .map((entry) => entry.specifier)
    .filter((specifier) => {
      if (specifier.startsWith('.')) {
        return !path.posix.join(path.posix.dirname(file), specifier).startsWith(`${FOLDER}/`);
      }
      return specifier.startsWith('#') || specifier.startsWith('/') || specifier.startsWith('file:');
    });
}

describe('the migrations', () => {
  it('are found: the list and its frozen rules', () => {
    expect(migrationFiles()).toEqual([
      `${FOLDER}/0004-username-rules.ts`,
      `${FOLDER}/0011-help-with-a-sketch.ts`,
      `${FOLDER}/migrations.ts`,
    ]);
  });

  it('import nothing but packages and their own folder', () => {
    const offenders = migrationFiles().flatMap((file) =>
      liveImportsOf(file, readFileSync(path.join(ROOT, file), 'utf8')).map(
        (specifier) => `${file} imports ${specifier}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch a migration that imports live code, even a type', () => {
    const source = [
      "import { type Kysely, sql } from 'kysely';",
      "import type { Migration } from 'kysely/migration';",
      "import { randomUUID } from 'node:crypto';",
      "import { usernameKey } from './0004-username-rules.ts';",
      "import { USERNAME_MAX_LENGTH } from '#shared/constants.ts';",
      "import type { DatabaseKind } from '../database.ts';",
      "export { usernameKey } from '../username-key.ts';",
      "const schema = await import('../schema.ts');",
    ].join('\n');
    expect(liveImportsOf(`${FOLDER}/migrations.ts`, source)).toEqual([
      '#shared/constants.ts',
      '../database.ts',
      '../username-key.ts',
      '../schema.ts',
    ]);
  });
});
