import { watch } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from '#server/db/database.ts';
import { describeNeeding } from '#test/needs.ts';
import { withPostgres } from '#test/postgres-admin.ts';
import { freshServerDatabase, type ServerDatabase } from '#test/server-database.ts';
import { ServerProcess } from '#test/server-process.ts';
import { testSettings } from '#test/settings.ts';
import { runCount, timeLimitMs } from '#test/soak.ts';

/** The tables the migrations create, besides Kysely's own. */
const TABLES = ['bookmarks', 'profile_changes', 'profiles', 'refresh_tokens', 'signing_keys', 'users'];

async function tableNames(database: Database): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables
    .filter((table) => !table.isView)
    .map((table) => table.name)
    .sort();
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fresh(kind: ServerDatabase['kind']): Promise<ServerDatabase> {
  const database = await freshServerDatabase(kind);
  cleanups.push(() => database.drop());
  return database;
}

/**
 * Regression: SQLite migrations ran statement by statement (kysely-sqlite declares no
 * transactional DDL), so a server killed during its very first start left some tables behind
 * without recording the migration, and every later start failed with "table users already exists".
 */
describe('a first start cut short on SQLite', () => {
  it('leaves no table behind when the first migration stops partway, and the next start completes it', async () => {
    const server = await fresh('sqlite');
    const database = await server.open();
    cleanups.push(() => database.close());
    // A view where the migration wants its fifth table stops it halfway, as a crash would.
    await sql`create view bookmarks as select 1 as id`.execute(database.db);

    await expect(migrateToLatest(database)).rejects.toThrow(/0001_initial/);
    expect((await tableNames(database)).filter((name) => TABLES.includes(name))).toEqual([]);

    await sql`drop view bookmarks`.execute(database.db);
    await migrateToLatest(database);
    expect((await tableNames(database)).filter((name) => TABLES.includes(name))).toEqual(TABLES);
  });

  it(
    'starts again after SIGKILL at any point of the first start',
    async () => {
      // Kill on the k-th write to the write-ahead log: the first start writes it a dozen times or
      // more (Kysely's tables, the migration, the signing key), so these land all through it.
      for (let writes = 1; writes <= runCount(12, 40); writes += runCount(2, 1)) {
        const database = await fresh('sqlite');
        const dataDir = database.env.DATA_DIR ?? '';
        const server = new ServerProcess(database.env);
        cleanups.push(() => server.close());
        let seen = 0;
        let reached: () => void = () => undefined;
        const moment = new Promise<void>((resolve) => {
          reached = resolve;
        });
        const watcher = watch(dataDir, (_event, file) => {
          if (file === 'roboforge.sqlite-wal' && ++seen === writes) reached();
        });
        try {
          await server.killDuringStart(moment);
        } finally {
          watcher.close();
        }

        await expect(server.start(), `killed at WAL write ${writes}`).resolves.toMatchObject({ crashed: false });
        await server.close();
        const opened = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'roboforge.sqlite') });
        expect(await tableNames(opened)).toEqual(expect.arrayContaining(TABLES));
        await opened.close();
      }
    },
    // Twelve starts of the built server: about 15 s here alone, over 30 s beside the e2e files on a
    // loaded machine (the fresh-clone CI run of 2026-11-28 timed out).
    timeLimitMs(90_000),
  );
});

/**
 * Regression: without a schema in the configuration, Kysely looked for its bookkeeping tables in
 * every schema of the database, took another schema's for ours, then failed to find them on the
 * search path ("relation kysely_migration_lock does not exist"): RoboForge could not start in a
 * PostgreSQL database another Kysely application (or a second RoboForge) already used.
 */
describeNeeding(['TEST_DATABASE_URL'], 'PostgreSQL with the schema chosen by the search path', () => {
  it('migrates into that schema although another schema holds Kysely tables', async () => {
    const url = testSettings.databaseUrl ?? '';
    const neighbour = await fresh('postgres');
    const neighbourDatabase = await neighbour.open();
    cleanups.push(() => neighbourDatabase.close());
    await migrateToLatest(neighbourDatabase);

    const ours = await fresh('postgres');
    // As server.ts opens it: a URL whose `options` choose the schema, no schema in the configuration.
    const database = await openDatabase({ kind: 'postgres', url: ours.env.DATABASE_URL ?? '' });
    cleanups.push(() => database.close());
    await migrateToLatest(database);

    const { rows } = await withPostgres(url, (admin) =>
      admin.query<{ table_name: string }>(
        'select table_name from information_schema.tables where table_schema = $1 order by table_name',
        [ours.schema],
      ),
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([...TABLES, 'kysely_migration', 'kysely_migration_lock']),
    );
  });
});
