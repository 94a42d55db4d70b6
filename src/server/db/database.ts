import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { SqliteAdapter, SqliteDialect } from 'kysely-sqlite';
import type { DatabaseConfig } from '../env.ts';
import { migrations } from './migrations.ts';
import type { DatabaseSchema } from './schema.ts';

export type DatabaseKind = DatabaseConfig['kind'];

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DatabaseSchema>;
  /** The PostgreSQL schema RoboForge lives in, when it is not the default one. */
  readonly schema?: string;
  /** Tells this process's listeners (the profile feed) that a profile change has committed. */
  readonly profileCommits: CommitSignal;
  close(): Promise<void>;
}

/** A process-local "something committed" signal; other instances learn it through LISTEN/NOTIFY. */
export interface CommitSignal {
  emit(): void;
  listen(listener: () => void): () => void;
}

function commitSignal(): CommitSignal {
  const listeners = new Set<() => void>();
  return {
    emit: () => {
      for (const listener of listeners) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const INT8_OID = 20;

/**
 * SQLite runs DDL inside transactions, but kysely-sqlite declares that it cannot, so Kysely applied
 * each migration statement by statement: a crash during the first start left some tables created
 * and the migration unrecorded, and every later start failed ("table users already exists").
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Opens the database. The PostgreSQL driver is loaded only when used: the SQLite default stays lean. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'sqlite') {
    mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new DatabaseSync(config.file);
    // WAL for concurrent readers; synchronous=FULL so a write is on disk before we acknowledge it.
    sqlite.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
    );
    const db = new Kysely<DatabaseSchema>({ dialect: new TransactionalDdlSqliteDialect({ database: sqlite }) });
    return { kind: 'sqlite', db, profileCommits: commitSignal(), close: () => db.destroy() };
  }

  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // While the server is down (a restart, a failover) a request fails within seconds instead of waiting.
    connectionTimeoutMillis: 5_000,
    // Tests (and operators who share a database) may place RoboForge in its own schema.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    types: {
      // Auto-increment keys are bigints; ours stay far below 2^53, so read them as numbers.
      getTypeParser: (oid: number, format?: string) =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
    },
  });
  // An idle connection can be closed by the server (restart, failover, pg_terminate_backend): the pool
  // drops it and opens another on the next query. Without this listener the error would crash the process.
  pool.on('error', (error) =>
    console.error(`PostgreSQL connection lost (${error.message}); reconnecting on next use.`),
  );
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return { kind: 'postgres', db, schema: config.schema, profileCommits: commitSignal(), close: () => db.destroy() };
}

/** Brings the schema up to date; safe to run from several instances at once (Kysely locks). */
export async function migrateToLatest(database: Database): Promise<void> {
  // Name Kysely's bookkeeping schema on PostgreSQL even when it comes from the search path (the
  // role's, or `options` in DATABASE_URL): unnamed, Kysely takes its tables in any other schema
  // of the database for ours and the start fails ("relation kysely_migration_lock does not exist").
  const schema = database.schema ?? (database.kind === 'postgres' ? await currentSchema(database) : undefined);
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.kind) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
}

/** The schema unqualified tables are created in: the first existing one on the search path. */
async function currentSchema(database: Database): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(database.db);
  return rows[0]?.schema ?? undefined;
}
