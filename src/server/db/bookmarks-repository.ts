import type { Kysely } from 'kysely';
import type { Bookmark } from '#shared/schemas/bookmark.ts';
import type { DatabaseSchema } from './schema.ts';

export function bookmarksRepository(db: Kysely<DatabaseSchema>) {
  const own = (userId: string) => db.selectFrom('bookmarks').selectAll().where('user_id', '=', userId);

  return {
    list(userId: string): Promise<Bookmark[]> {
      return own(userId).orderBy('created_at').orderBy('id').execute();
    },

    /**
     * Adds a bookmark once: a repeated add (a double click, two tabs) finds the existing row,
     * because the database's unique (user_id, project_id) rule settles any race.
     */
    async add(userId: string, projectId: number, now = new Date()): Promise<{ bookmark: Bookmark; created: boolean }> {
      const inserted = await db
        .insertInto('bookmarks')
        .values({ user_id: userId, project_id: projectId, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(['user_id', 'project_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { bookmark: inserted, created: true };
      const existing = await own(userId).where('project_id', '=', projectId).executeTakeFirstOrThrow();
      return { bookmark: existing, created: false };
    },

    async remove(userId: string, projectId: number): Promise<void> {
      await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('project_id', '=', projectId).execute();
    },
  };
}
