import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type AppConfig, type DatabaseConfig, DEFAULT_RATE_LIMITS } from '#server/env.ts';
import { itNeeding } from '#test/needs.ts';
import { testSettings } from '#test/settings.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'roboforge-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configFor(database: DatabaseConfig): AppConfig {
  return {
    siteName: 'RoboForge',
    auth: { issuer: 'roboforge-test', signingKey: null, rateLimits: DEFAULT_RATE_LIMITS },
    redisUrl: null,
    redisKeyPrefix: 'roboforge-test:',
    database,
    webRoot: null,
    logLevel: 'silent',
    trustProxy: false,
  };
}

/** The message a failed start would print: `buildApp`'s error. */
async function startFailure(database: DatabaseConfig): Promise<string> {
  try {
    const app = await buildApp(configFor(database));
    await app.close();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the server started');
}

describe('a start that fails on the database', () => {
  it('names the SQLite file that is not a database', async () => {
    const file = path.join(dir, 'not-a-database.sqlite');
    writeFileSync(file, 'x'.repeat(4096));
    const message = await startFailure({ kind: 'sqlite', file });
    expect(message).toContain(file);
    expect(message).toContain('file is not a database');
  });

  it('names the file and what went wrong when the migrations cannot run, never "unknown"', async () => {
    const file = path.join(dir, 'from-the-future.sqlite');
    await (await buildApp(configFor({ kind: 'sqlite', file }))).close();
    const sqlite = new DatabaseSync(file);
    sqlite.exec("insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_version', '2030-01-01')");
    sqlite.close();
    const message = await startFailure({ kind: 'sqlite', file });
    expect(message).toContain(file);
    expect(message).toContain('9999_from_a_newer_version');
    expect(message).not.toContain('unknown');
  });

  itNeeding(['TEST_DATABASE_URL'], 'names the PostgreSQL server and database, never the password', async () => {
    const url = new URL(testSettings.databaseUrl ?? '');
    url.password = 'hunter2-secret';
    url.pathname = '/roboforge_no_such_database';
    const message = await startFailure({ kind: 'postgres', url: url.toString() });
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain(`${url.hostname}:${url.port || '5432'}/roboforge_no_such_database`);
    expect(message).not.toContain('hunter2-secret');
  });
});
