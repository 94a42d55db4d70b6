import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { type Database, migrateToLatest, openDatabase } from '#server/db/database.ts';
import { migrations } from '#server/db/migrations/migrations.ts';
import type { DatabaseSchema } from '#server/db/schema.ts';
import { scratchDatabase } from './scratch-database.ts';

/** A database a migration test has brought to the latest schema; `drop` closes and removes it. */
export interface MigratedDatabase extends Database {
  drop(): Promise<void>;
}

/**
 * What a migration's test checks: a scratch database of `kind` at migration `before` (the one just
 * before the migration under test), filled by `seed`, then migrated to the latest. `seed` writes
 * as the old code did, through untyped SQL: the typed schema already has the later columns.
 */
export async function migratedFrom(
  kind: Database['kind'],
  before: string,
  seed: (db: Kysely<DatabaseSchema>) => Promise<void>,
): Promise<MigratedDatabase> {
  const scratch = await scratchDatabase(kind);
  const database = await openDatabase(scratch.config).catch(async (error: unknown) => {
    await scratch.drop();
    throw error;
  });
  const drop = async () => {
    await database.close();
    await scratch.drop();
  };
  try {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations(kind) },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const { error } = await migrator.migrateTo(before);
    if (error) throw error;
    await seed(database.db);
    await migrateToLatest(database);
  } catch (error) {
    await drop();
    throw error;
  }
  return { ...database, drop };
}
