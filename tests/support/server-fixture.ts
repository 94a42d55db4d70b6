import { describe, test } from 'vitest';
import type { DatabaseKind } from '#server/db/database.ts';
import type { AppConfig } from '#server/env.ts';
import { testSettings } from './settings.ts';
import { startTestServer } from './test-server.ts';

/**
 * `test` with the fixtures every API test file needs, set up once per file (Vitest's
 * `{ scope: 'file' }`) and only when a test or a `test.beforeAll` hook asks for them:
 *
 * - `server`: the real app on a fresh database of `kind` (see `startTestServer`), closed and its
 *   database dropped after the file's last test;
 * - `databaseKind`: `kind`, for a test that starts a second server on the same kind of database;
 * - `serverConfig`: the configuration overrides the server was started with.
 *
 * Call it at the top level of a test file: Vitest refuses file-scoped fixtures declared inside a
 * `describe`. Each call is a separate set of fixtures with its own server.
 */
export function serverTest(kind: DatabaseKind, config: Partial<AppConfig> = {}) {
  return test
    .extend('databaseKind', { scope: 'file' }, kind)
    .extend('serverConfig', { scope: 'file' }, config)
    .extend('server', { scope: 'file' }, async ({ databaseKind, serverConfig }, { onCleanup }) => {
      const server = await startTestServer(databaseKind, serverConfig);
      onCleanup(() => server.close());
      return server;
    });
}

export type ServerTest = ReturnType<typeof serverTest>;

/**
 * Declares the suite `body` once for every database of the run (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set) as "`name` on sqlite", "`name` on postgres", each with its own
 * `serverTest(kind, config)`: the fixture for what used to be
 * `describe.each(TEST_DATABASES)(…, (kind) => { beforeAll(start a server); afterAll(close it); … })`.
 * Call it at the top level of a test file.
 */
export function describeEachDatabase(
  name: string,
  body: (test: ServerTest) => void,
  config: Partial<AppConfig> = {},
): void {
  for (const kind of testSettings.databases) {
    const test = serverTest(kind, config);
    describe(`${name} on ${kind}`, () => body(test));
  }
}
