import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '#server/env.ts';
import { withPostgres } from './postgres-admin.ts';
import { testSettings } from './settings.ts';

export interface ScratchDatabase {
  readonly config: DatabaseConfig;
  /** The same database as the environment names it: `DATA_DIR` (SQLite) or `DATABASE_URL` (PostgreSQL). */
  readonly env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * An empty database of `kind` for a test that needs it outside the server fixture (a migration from
 * an older schema, a command-line tool beside a running server): a SQLite file named as the server
 * names it in a temporary `DATA_DIR`, or a new PostgreSQL schema, reachable by URL through `options`.
 */
export async function scratchDatabase(kind: DatabaseConfig['kind']): Promise<ScratchDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'roboforge-scratch-'));
    return {
      config: { kind, file: path.join(dir, 'roboforge.sqlite') },
      env: { DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = testSettings.databaseUrl;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const run = (query: string) => withPostgres(url, async (admin) => void (await admin.query(query)));
  await run(`create schema ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    config: { kind, url, schema },
    env: { DATABASE_URL: withSchema.href },
    drop: () => run(`drop schema if exists ${schema} cascade`),
  };
}
