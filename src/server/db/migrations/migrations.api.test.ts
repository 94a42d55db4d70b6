import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { migrateToLatest, openDatabase } from '../database.ts';

const TABLES = [
  'audit_log',
  'bookmarks',
  'class_events',
  'class_teachers',
  'classes',
  'compiled_sketches',
  'help_requests',
  'learners',
  'material_checks',
  'password_resets',
  'profile_changes',
  'profiles',
  'refresh_tokens',
  'server_secrets',
  'signing_keys',
  'sketches',
  'step_progress',
  'users',
];

describeEachDatabase('migrations', (test) => {
  test('create every table of the design, and running them again changes nothing', async ({ server }) => {
    const ownSchema = server.app.database.schema;
    const { db } = server.app.database;
    // On PostgreSQL, only this test's schema is read: Kysely's introspection reads every schema, and
    // another test file dropping its own meanwhile made it fail ("schema … does not exist").
    const names =
      ownSchema === undefined
        ? (await db.introspection.getTables()).map((t) => t.name)
        : (
            await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = ${ownSchema} and table_type = 'BASE TABLE'`.execute(db)
          ).rows
            .map((row) => row.name)
            .filter((name) => !name.startsWith('kysely_'));
    const tables = names.sort();
    expect(tables).toEqual(TABLES);
    await expect(migrateToLatest(server.app.database)).resolves.toBeUndefined();
  });

  test('enforce the data rules in the database itself', async ({ server }) => {
    const db = server.app.database.db;
    const now = new Date().toISOString();
    const user = {
      id: crypto.randomUUID(),
      email: 'a@example.test',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('users').values(user).execute();
    // E-mails are unique.
    await expect(
      db
        .insertInto('users')
        .values({ ...user, id: crypto.randomUUID() })
        .execute(),
    ).rejects.toThrow();
    // One bookmark per user and project, and only projects 1 to 9.
    const bookmark = { user_id: user.id, project_id: 3, created_at: now };
    await db.insertInto('bookmarks').values(bookmark).execute();
    await expect(db.insertInto('bookmarks').values(bookmark).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('bookmarks')
        .values({ ...bookmark, project_id: 10 })
        .execute(),
    ).rejects.toThrow();
    // Foreign keys hold: no bookmark without its user.
    await expect(
      db
        .insertInto('bookmarks')
        .values({ ...bookmark, user_id: crypto.randomUUID() })
        .execute(),
    ).rejects.toThrow();
    // Deleting a user removes what belongs to them.
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await db.selectFrom('bookmarks').selectAll().execute()).toEqual([]);
  });
});

describe('SQLite storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'roboforge-sqlite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses WAL with full sync, and creates its folder on first start', async () => {
    const database = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'nested', 'db.sqlite') });
    try {
      await migrateToLatest(database);
      const { sql } = await import('kysely');
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(sync.rows[0]?.synchronous).toBe(2);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
    } finally {
      await database.close();
    }
  });
});
