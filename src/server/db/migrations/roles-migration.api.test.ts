import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedDatabase, migratedFrom } from '#test/migrated-database.ts';
import { testSettings } from '#test/settings.ts';

for (const kind of testSettings.databases) {
  describe(`migration 0005_teachers_and_learners on ${kind}`, () => {
    let database: MigratedDatabase;
    const admin = crypto.randomUUID();
    const member = crypto.randomUUID();

    beforeAll(async () => {
      database = await migratedFrom(kind, '0004_club', async (db) => {
        const at = new Date().toISOString();
        for (const [id, role] of [
          [admin, 'admin'],
          [member, 'member'],
        ] as const) {
          await sql`insert into users (id, email, password_hash, created_at, updated_at, role)
                    values (${id}, ${`${role}@example.test`}, 'x', ${at}, ${at}, ${role})`.execute(db);
          await sql`insert into profiles (id, show_email, created_at, updated_at) values (${id}, 0, ${at}, ${at})`.execute(
            db,
          );
          await sql`insert into bookmarks (user_id, project_id, created_at) values (${id}, 3, ${at})`.execute(db);
        }
      });
    });

    afterAll(() => database?.drop());

    it('keeps every account, its role and what references it; the new roles are allowed and nothing else', async () => {
      const db = database.db;
      const roles = await db.selectFrom('users').select(['id', 'role']).orderBy('email').execute();
      expect(roles).toEqual([
        { id: admin, role: 'admin' },
        { id: member, role: 'member' },
      ]);
      // Rows that reference users survived (SQLite did not rebuild the table).
      expect((await db.selectFrom('bookmarks').select('user_id').execute()).length).toBe(2);
      expect((await db.selectFrom('profiles').select('id').execute()).length).toBe(2);
      for (const role of ['teacher', 'learner', 'member'] as const) {
        await db.updateTable('users').set({ role }).where('id', '=', member).execute();
      }
      await expect(sql`update users set role = 'owner' where id = ${member}`.execute(db)).rejects.toThrow();
      // A new account is a member unless told otherwise.
      const at = new Date().toISOString();
      const fresh = crypto.randomUUID();
      await db
        .insertInto('users')
        .values({
          id: fresh,
          email: 'new@example.test',
          password_hash: 'x',
          created_at: at,
          updated_at: at,
          suspended_at: null,
        })
        .execute();
      expect(await db.selectFrom('users').select('role').where('id', '=', fresh).executeTakeFirst()).toEqual({
        role: 'member',
      });
    });
  });
}
