import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedDatabase, migratedFrom } from '#test/migrated-database.ts';
import { testSettings } from '#test/settings.ts';

for (const kind of testSettings.databases) {
  describe(`migration 0011_help_with_a_sketch on ${kind}`, () => {
    let database: MigratedDatabase;
    const classId = crypto.randomUUID();
    const learnerId = crypto.randomUUID();
    const at = new Date().toISOString();

    beforeAll(async () => {
      database = await migratedFrom(kind, '0010_sketch_blocks', async (db) => {
        await sql`insert into users (id, email, password_hash, created_at, updated_at, role)
                  values (${learnerId}, 'learner@example.test', 'x', ${at}, ${at}, 'learner')`.execute(db);
        await sql`insert into classes (id, name, join_code, created_at, updated_at)
                  values (${classId}, 'Made before', 'ABCDEFGH', ${at}, ${at})`.execute(db);
        await sql`insert into help_requests (class_id, learner_id, project_id, step, created_at, coming_at)
                  values (${classId}, ${learnerId}, 3, 4, ${at}, ${at})`.execute(db);
      });
    });

    afterAll(() => database?.drop());

    it('keeps the requests made before it, and a request names a tutorial’s step or a sketch', async () => {
      const db = database.db;
      const kept = await db.selectFrom('help_requests').selectAll().execute();
      expect(kept.map(({ id, ...rest }) => ({ id: Number(id), ...rest }))).toEqual([
        {
          id: 1,
          class_id: classId,
          learner_id: learnerId,
          project_id: 3,
          step: 4,
          sketch_id: null,
          created_at: at,
          coming_at: at,
          handled_at: null,
        },
      ]);
      const request = { class_id: classId, learner_id: learnerId, created_at: at };
      await db
        .insertInto('help_requests')
        .values({ ...request, project_id: null, step: null, sketch_id: crypto.randomUUID() })
        .execute();
      // Ids go on from the rows kept.
      expect(
        (await db.selectFrom('help_requests').select('id').orderBy('id').execute()).map((r) => Number(r.id)),
      ).toEqual([1, 2]);
      for (const [project_id, step, sketch_id] of [
        [null, null, null],
        [2, null, null],
        [null, 1, crypto.randomUUID()],
        [10, 0, null],
        [2, -1, null],
      ] as const) {
        await expect(
          db
            .insertInto('help_requests')
            .values({ ...request, project_id, step, sketch_id })
            .execute(),
          JSON.stringify([project_id, step, sketch_id]),
        ).rejects.toThrow();
      }
      // The indexes came back with the table.
      const indexes =
        kind === 'postgres'
          ? await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'help_requests'`.execute(db)
          : await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'help_requests'`.execute(db);
      expect(indexes.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['help_requests_class_id', 'help_requests_learner_id']),
      );
    });
  });
}
