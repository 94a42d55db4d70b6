import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseKind, openDatabase } from '#server/db/database.ts';
import { testSettings } from './settings.ts';

/** A fresh, empty database for a spawned server: the environment that points it there, and a way to read it. */
export interface ServerDatabase {
  readonly kind: DatabaseKind;
  /** DATA_DIR or DATABASE_URL for the server process. */
  readonly env: Readonly<Record<string, string>>;
  /** The PostgreSQL schema the server works in. */
  readonly schema?: string;
  /** Opens the same database in this process, to check what the server left in it. */
  open(): Promise<Database>;
  /** Removes it (the temporary folder, or the PostgreSQL schema). */
  drop(): Promise<void>;
}

/**
 * SQLite: a temporary DATA_DIR. PostgreSQL (TEST_DATABASE_URL): a new schema, given to the server
 * through `options=-c search_path=…` in DATABASE_URL, which pg passes to the server as a startup
 * option, so every connection of the pool (and the LISTEN one) works in that schema.
 */
export async function freshServerDatabase(kind: DatabaseKind): Promise<ServerDatabase> {
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'roboforge-reliability-'));
    return {
      kind,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'roboforge.sqlite') }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }

  const url = testSettings.databaseUrl;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `reliability_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const serverUrl = new URL(url);
  serverUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    kind,
    env: { DATABASE_URL: serverUrl.toString() },
    schema,
    open: () => openDatabase({ kind: 'postgres', url, schema }),
    drop: () => adminQuery(url, `drop schema if exists ${schema} cascade`),
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
