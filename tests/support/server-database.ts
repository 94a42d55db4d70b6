import { type Database, type DatabaseKind, openDatabase } from '#server/db/database.ts';
import { scratchDatabase } from './scratch-database.ts';

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
  const { config, env, drop } = await scratchDatabase(kind);
  return {
    kind,
    env,
    ...(config.kind === 'postgres' && config.schema ? { schema: config.schema } : {}),
    open: () => openDatabase(config),
    drop,
  };
}
