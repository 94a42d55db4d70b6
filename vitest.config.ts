import { defineConfig } from 'vitest/config';

/*
 * Projects by what a test file starts, named in the file name (docs/tests.md):
 * - `unit`: every `*.test.ts(x)` not named otherwise: no server, database, network or child process
 *   (reading the repository's own files and a temporary file is fine). A new test lands here.
 * - `api`: `*.api.test.ts`: the app (or its database layer) in this process, on SQLite and the
 *   PostgreSQL and Redis of TEST_DATABASE_URL / TEST_REDIS_URL when set.
 * - `system`: `*.system.test.ts`: other processes (the built server, a PostgreSQL cluster or
 *   redis-server of its own, the AVR compiler, Node) killed and restarted, or the production build
 *   read from disk: everything that needs `npm run build` except the browser.
 * - `component`: `*.component.test.tsx` next to a component: rendered with Testing Library in happy-dom,
 *   no server (decision 018).
 * - `e2e`: `tests/e2e/**`: the built server in Chromium.
 * `console.error` fails a unit or component test (tests/support/fail-on-console-error.ts).
 * `tests/support/project-rule.test.ts` fails when a unit file imports what only api or system may.
 */
const NAMED = ['**/*.api.test.ts', '**/*.system.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // Two files at once (Vitest's default on 2 cores is one: availableParallelism − 1). The suite mostly
    // waits (on Chromium, the server, a database), so one at a time left the cores idle: docs/tests.md.
    maxWorkers: 2,
    // The usual report, and the tests skipped for want of PostgreSQL, Redis or root, named (tests/support/needs.ts).
    reporters: ['default', './tests/support/skipped-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: ['**/node_modules/**', 'build/**', 'tests/e2e/**', '**/*.component.test.tsx', ...NAMED],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['src/**/*.component.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/support/component-setup.ts'],
        },
      },
      { extends: true, test: { name: 'api', include: ['**/*.api.test.ts'], exclude: ['**/node_modules/**'] } },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['**/*.system.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['tests/support/require-build.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files side by side (within the suite's two at once), each with its Chromium, against the one server.
        },
      },
    ],
  },
});
