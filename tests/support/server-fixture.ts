import { describe, test } from 'vitest';
import type { DatabaseKind } from '#server/db/database.ts';
import type { AppConfig } from '#server/env.ts';
import { LogCapture } from './log-capture.ts';
import { testSettings } from './settings.ts';
import { startTestServer } from './test-server.ts';

/**
 * `test` with the fixtures every API test file needs, set up once per file (Vitest's
 * `{ scope: 'file' }`) when a test or a `test.beforeAll` hook first asks for them:
 *
 * - `server`: the real app on a fresh database of `kind` (see `startTestServer`), started with
 *   `config`; after the file's last test it is closed and its database removed;
 * - `logs`: every line the server logged (nothing unless `config` sets a `logLevel`);
 * - `databaseKind`: `kind`, for a test that starts a second server on the same kind of database.
 *
 * Call it at the top level of a test file: Vitest refuses file-scoped fixtures declared inside a
 * `describe`. Each call is a separate set of fixtures, with a server of its own.
 */
export function serverTest(kind: DatabaseKind, config: Partial<AppConfig> = {}) {
  return test
    .extend('databaseKind', { scope: 'file' }, kind)
    .extend('logs', { scope: 'file' }, () => new LogCapture())
    .extend('server', { scope: 'file' }, async ({ databaseKind, logs }, { onCleanup }) => {
      const server = await startTestServer(databaseKind, { logStream: logs, ...config });
      onCleanup(() => server.close());
      return server;
    });
}

type ServerTest = ReturnType<typeof serverTest>;

type SuiteBody = (test: ServerTest) => void;

/**
 * Declares the suite `body` once for every database of the run (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set) as "`name` on sqlite", "`name` on postgres", each with its own
 * `serverTest(kind, config)`, in place of a `describe.each` over the databases whose every suite
 * starts a server in `beforeAll` and closes it in `afterAll`. Call it at the top level of a test file.
 */
export function describeEachDatabase(name: string, body: SuiteBody): void;
export function describeEachDatabase(name: string, config: Partial<AppConfig>, body: SuiteBody): void;
export function describeEachDatabase(
  name: string,
  configOrBody: Partial<AppConfig> | SuiteBody,
  maybeBody?: SuiteBody,
): void {
  const [config, body] = typeof configOrBody === 'function' ? [{}, configOrBody] : [configOrBody, maybeBody];
  if (!body) throw new Error(`describeEachDatabase('${name}') needs a suite body`);
  for (const kind of testSettings.databases) {
    const test = serverTest(kind, config);
    describe(`${name} on ${kind}`, () => body(test));
  }
}
