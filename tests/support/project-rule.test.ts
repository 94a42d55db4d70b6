import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from './import-specifiers.ts';
import { ROOT } from './repository-root.ts';

/**
 * Modules that start something a unit test may not: servers, databases, sockets, child processes.
 * A test file importing one of them belongs in `api` (`x.api.test.ts`) or `system` (`x.system.test.ts`).
 */
const STARTS_SOMETHING = [
  'src/server/app.ts',
  'src/server/db/database.ts',
  'tests/support/test-server.ts',
  'tests/support/server-fixture.ts',
  'tests/support/scratch-database.ts',
  'tests/support/redis-server.ts',
  'tests/support/postgres-cluster.ts',
  'tests/support/server-process.ts',
  'tests/support/server-database.ts',
  'tests/support/mail-server.ts',
  'node:child_process',
  'node:http',
  'node:net',
  'pg',
  'ioredis',
  'playwright-core',
];

const ALIASES: Record<string, string> = {
  '#shared/': 'src/shared/',
  '#server/': 'src/server/',
  '#web/': 'src/web/',
  '#test/': 'tests/support/',
};

/** An import as a path from the repository's root (a package's name as it is). */
function resolveImport(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(file), specifier);
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  return alias ? `${ALIASES[alias]}${specifier.slice(alias.length)}` : specifier;
}

/** The unit project's files, by the rule in vitest.config.ts: every test file not named or placed otherwise. */
function unitTestFiles(): string[] {
  return globSync(['{src,scripts,bench,tests}/**/*.test.ts', '{src,scripts,bench,tests}/**/*.test.tsx'], { cwd: ROOT })
    .filter((file) => !file.startsWith('tests/e2e/'))
    .filter((file) => !/\.(api|system)\.test\.ts$/.test(file))
    .sort();
}

/** What a file imports for its values (`import type` starts nothing), resolved from the root. */
const importsOf = (file: string, source: string) =>
  importSpecifiers(source)
    .filter((entry) => !entry.typeOnly)
    .map((entry) => resolveImport(file, entry.specifier));

describe('the test projects', () => {
  it('finds the unit files, this one among them', () => {
    expect(unitTestFiles()).toContain('tests/support/project-rule.test.ts');
  });

  it('keeps unit tests free of servers, databases, sockets and child processes', () => {
    const offenders = unitTestFiles().flatMap((file) =>
      importsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((specifier) => STARTS_SOMETHING.includes(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch a unit file that starts a server', () => {
    const source = "import { openDatabase } from './database.ts';\nimport { request } from '#test/test-server.ts';\n";
    expect(importsOf('src/server/db/x.test.ts', source).filter((file) => STARTS_SOMETHING.includes(file))).toEqual([
      'src/server/db/database.ts',
      'tests/support/test-server.ts',
    ]);
  });
});
