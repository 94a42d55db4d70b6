import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedDatabase, migratedFrom } from '#test/migrated-database.ts';
import { testSettings } from '#test/settings.ts';

for (const kind of testSettings.databases) {
  describe(`migration 0007_class_community on ${kind}`, () => {
    let database: MigratedDatabase;
    const existing = crypto.randomUUID();

    beforeAll(async () => {
      database = await migratedFrom(kind, '0006_classes', async (db) => {
        const at = new Date().toISOString();
        await sql`insert into classes (id, name, join_code, created_at, updated_at)
                  values (${existing}, 'Made before', 'ABCDEFGH', ${at}, ${at})`.execute(db);
      });
    });

    afterAll(() => database?.drop());

    it('leaves every class made before it with its community page off; a new one starts off; only 0 or 1', async () => {
      const db = database.db;
      expect(await db.selectFrom('classes').select(['id', 'community']).execute()).toEqual([
        { id: existing, community: 0 },
      ]);
      const at = new Date().toISOString();
      const fresh = crypto.randomUUID();
      await db
        .insertInto('classes')
        .values({ id: fresh, name: 'New', join_code: 'BCDEFGHJ', created_at: at, updated_at: at, archived_at: null })
        .execute();
      expect(await db.selectFrom('classes').select('community').where('id', '=', fresh).executeTakeFirst()).toEqual({
        community: 0,
      });
      await db.updateTable('classes').set({ community: 1 }).where('id', '=', fresh).execute();
      await expect(sql`update classes set community = 2 where id = ${fresh}`.execute(db)).rejects.toThrow();
      await expect(sql`update classes set community = null where id = ${fresh}`.execute(db)).rejects.toThrow();
    });
  });
}
