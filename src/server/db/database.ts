import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type DatabaseConnection, type Driver, Kysely, type LogEvent, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { SqliteAdapter, SqliteDialect } from 'kysely-sqlite';
import type { DatabaseConfig } from '../env.ts';
import { DatabaseFailures } from './database-failures.ts';
import { migrations } from './migrations/migrations.ts';
import type { DatabaseSchema } from './schema.ts';

export type DatabaseKind = DatabaseConfig['kind'];

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DatabaseSchema>;
  /** The PostgreSQL schema RoboForge lives in, when it is not the default one. */
  readonly schema?: string;
  /** Tells this process's listeners (the profile feed) that a profile change has committed. */
  readonly profileCommits: CommitSignal;
  /** Tells this process's class feed that a class event has committed (a tick, a help request, the roster). */
  readonly classCommits: CommitSignal;
  /** Failures of the database itself (full disk, damaged pages, lost connection) seen by any query. */
  readonly failures: DatabaseFailures;
  /** Where the database is, for messages: the SQLite file, or the PostgreSQL server and database. */
  readonly location: string;
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

/**
 * On some errors (a full disk, I/O errors) SQLite rolls the transaction back by itself; Kysely's
 * ROLLBACK then failed with "cannot rollback - no transaction is active", and that message replaced
 * the real cause in the log. Roll back only a transaction that is still open.
 */
class RollbackIfOpenDriver implements Driver {
  readonly #driver: Driver;
  readonly #sqlite: DatabaseSync;

  constructor(driver: Driver, sqlite: DatabaseSync) {
    this.#driver = driver;
    this.#sqlite = sqlite;
  }

  init = () => this.#driver.init();
  acquireConnection = () => this.#driver.acquireConnection();
  beginTransaction: Driver['beginTransaction'] = (connection, settings) =>
    this.#driver.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.#driver.commitTransaction(connection);
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#sqlite.isTransaction) await this.#driver.rollbackTransaction(connection);
  }
  savepoint: Driver['savepoint'] = (connection, name, compile) => this.#inner('savepoint')(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.#inner('rollbackToSavepoint')(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.#inner('releaseSavepoint')(connection, name, compile);
  releaseConnection = (connection: DatabaseConnection) => this.#driver.releaseConnection(connection);

  #inner(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const call = this.#driver[method];
    if (!call) throw new Error(`the SQLite driver has no ${method}`);
    return call.bind(this.#driver);
  }
  destroy = () => this.#driver.destroy();
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #sqlite: DatabaseSync;

  constructor(sqlite: DatabaseSync) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new RollbackIfOpenDriver(super.createDriver(), this.#sqlite);
  }
}

/** The PostgreSQL server and database of a URL, without user or password: `host:port/db (DATABASE_URL)`. */
function postgresLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname} (DATABASE_URL)`;
  } catch {
    return 'DATABASE_URL';
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Opens the database. The PostgreSQL driver is loaded only when used: the SQLite default stays lean. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const failures = new DatabaseFailures();
  const log = (event: LogEvent) => {
    if (event.level === 'error') failures.observe(event.error);
  };
  if (config.kind === 'sqlite') {
    let sqlite: DatabaseSync;
    try {
      mkdirSync(path.dirname(config.file), { recursive: true });
      sqlite = new DatabaseSync(config.file);
      // WAL for concurrent readers; synchronous=FULL so a write is on disk before we acknowledge it.
      sqlite.exec(
        'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
      );
    } catch (error) {
      throw new Error(`Cannot open the SQLite database ${config.file}: ${reasonOf(error)}`, { cause: error });
    }
    const db = new Kysely<DatabaseSchema>({ dialect: new TransactionalDdlSqliteDialect(sqlite), log });
    return {
      kind: 'sqlite',
      db,
      profileCommits: commitSignal(),
      classCommits: commitSignal(),
      failures,
      location: config.file,
      close: () => db.destroy(),
    };
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
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }), log });
  return {
    kind: 'postgres',
    db,
    schema: config.schema,
    profileCommits: commitSignal(),
    classCommits: commitSignal(),
    failures,
    location: postgresLocation(config.url),
    close: () => db.destroy(),
  };
}

/** Brings the schema up to date; safe to run from several instances at once (Kysely locks). */
export async function migrateToLatest(database: Database): Promise<void> {
  const cannot = (step: string, error: unknown) =>
    new Error(`Cannot ${step} the database ${database.location}: ${reasonOf(error)}`, { cause: error });
  // Name Kysely's bookkeeping schema on PostgreSQL even when it comes from the search path (the
  // role's, or `options` in DATABASE_URL): unnamed, Kysely takes its tables in any other schema
  // of the database for ours and the start fails ("relation kysely_migration_lock does not exist").
  let schema = database.schema;
  if (schema === undefined && database.kind === 'postgres') {
    schema = await currentSchema(database).catch((error: unknown) => {
      throw cannot('connect to', error);
    });
  }
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.kind) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    // Without a failed migration, the error came before any ran (the bookkeeping tables, a lock).
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    // To find its own tables Kysely lists every table of the database; one that another session drops
    // meanwhile (another schema's: another application's, or a test's) fails that listing. Tried again;
    // so is a migration that met such a table, on PostgreSQL, where the migrations run in one
    // transaction (Kysely: transactional DDL) and a failure leaves nothing half done.
    const retryable = !failed || database.kind === 'postgres';
    if (retryable && attempt < 5 && droppedMeanwhile(error)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    throw cannot(failed ? `apply migration ${failed} to` : 'prepare the migrations of', error);
  }
}

/**
 * PostgreSQL's "relation … does not exist" (42P01), "schema … does not exist" (3F000) or "could
 * not open relation with OID" (XX000): Kysely's listing of every table met a table or schema
 * another session was dropping.
 */
function droppedMeanwhile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P01' || code === '3F000' || (code === 'XX000' && /could not open relation/.test(String(error)));
}

/** The schema unqualified tables are created in: the first existing one on the search path. */
async function currentSchema(database: Database): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(database.db);
  return rows[0]?.schema ?? undefined;
}
