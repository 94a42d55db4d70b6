import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInvalidRows } from '#test/database-invariants.ts';
import { type MigratedDatabase, migratedFrom } from '#test/migrated-database.ts';
import { testSettings } from '#test/settings.ts';
import { usernameKey } from '../username-key.ts';

/** Names stored before 0004_club, oldest member first: look-alikes, invisible characters, two spellings of ë. */
const BEFORE = [
  'ada',
  '\u0430da', // Cyrillic а
  'Grace',
  'grace\u200b', // zero-width space
  'x\u200b', // nothing visible left but one letter
  'Zo\u00eb',
  'Zoe\u0308', // e + combining diaeresis
  'Robo\u202eTic', // right-to-left override
  'Plain Name',
];

for (const kind of testSettings.databases) {
  describe(`migration 0004_club on ${kind}`, () => {
    let database: MigratedDatabase;
    const ids = BEFORE.map(() => crypto.randomUUID());

    beforeAll(async () => {
      database = await migratedFrom(kind, '0003_server_secrets', async (db) => {
        // Rows as the old code wrote them: username_key = lower(username).
        for (const [index, username] of BEFORE.entries()) {
          const at = new Date(Date.UTC(2026, 0, 1 + index)).toISOString();
          const id = ids[index] ?? '';
          await sql`insert into users (id, email, password_hash, created_at, updated_at)
                    values (${id}, ${`m${index}@example.test`}, 'x', ${at}, ${at})`.execute(db);
          await sql`insert into profiles (id, username, username_key, show_email, created_at, updated_at)
                    values (${id}, ${username}, ${username.toLowerCase()}, 0, ${at}, ${at})`.execute(db);
          await sql`insert into profile_changes (profile_id, kind, created_at) values (${id}, 'INSERT', ${at})`.execute(
            db,
          );
        }
      });
    });

    afterAll(() => database?.drop());

    it('keeps every member; the older keeps a name, the newer look-alike gets a suffix, invisible characters go', async () => {
      const rows = await database.db.selectFrom('profiles').select(['id', 'username', 'username_key']).execute();
      const nameOf = new Map(rows.map((row) => [row.id, row.username]));
      expect(ids.map((id) => nameOf.get(id))).toEqual([
        'ada',
        '\u0430da-2',
        'Grace',
        'grace-2',
        null,
        'Zo\u00eb',
        'Zo\u00eb-2',
        'RoboTic',
        'Plain Name',
      ]);
      for (const row of rows) expect(row.username_key).toBe(row.username === null ? null : usernameKey(row.username));
      expect(await findInvalidRows(database)).toEqual([]);
    });

    it('records each rename in the audit log and as a profile change', async () => {
      const audit = await database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id', 'target_id', 'detail'])
        .orderBy('id')
        .execute();
      const renamed = [1, 3, 4, 6, 7].map((index) => ids[index]);
      expect(audit.map((entry) => entry.target_id)).toEqual(renamed);
      expect(audit.every((entry) => entry.action === 'rename_username' && entry.actor_id === null)).toBe(true);
      expect(JSON.parse(audit[0]?.detail ?? '')).toEqual({ from: '\u0430da', to: '\u0430da-2' });
      const updates = await database.db
        .selectFrom('profile_changes')
        .select('profile_id')
        .where('kind', '=', 'UPDATE')
        .orderBy('id')
        .execute();
      expect(updates.map((change) => change.profile_id)).toEqual(renamed);
    });

    it('lets profile_changes record DELETE, still refuses other kinds, and keeps counting ids upwards', async () => {
      const latest = await database.db
        .selectFrom('profile_changes')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      const row = await database.db
        .insertInto('profile_changes')
        .values({ profile_id: ids[0] ?? '', kind: 'DELETE', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(row.id).toBeGreaterThan(Number(latest.id));
      await expect(
        sql`insert into profile_changes (profile_id, kind, created_at) values ('x', 'BOGUS', ${at})`.execute(
          database.db,
        ),
      ).rejects.toThrow();
    });

    it('gives accounts the member role and no suspension, and profiles no hiding', async () => {
      const users = await database.db.selectFrom('users').select(['role', 'suspended_at']).execute();
      expect(new Set(users.map((user) => `${user.role}:${user.suspended_at}`))).toEqual(new Set(['member:null']));
      await expect(sql`update users set role = 'owner'`.execute(database.db)).rejects.toThrow();
    });
  });
}
