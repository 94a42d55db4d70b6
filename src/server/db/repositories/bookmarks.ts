import type { Bookmark } from '#shared/schemas/bookmark.ts';
import type { Database } from '../database.ts';
import type { Executor } from '../transaction.ts';

/** A member's own bookmarks: every method is scoped to one user id. */
export function bookmarksRepository({ db }: Database) {
  const own = (trx: Executor, userId: string) => trx.selectFrom('bookmarks').selectAll().where('user_id', '=', userId);

  return {
    list(userId: string, trx: Executor = db): Promise<Bookmark[]> {
      return own(trx, userId).orderBy('created_at').orderBy('id').execute();
    },

    /**
     * Adds a bookmark once: a repeated add (a double click, two tabs) finds the existing row,
     * because the database's unique (user_id, project_id) rule settles any race.
     */
    async add(
      userId: string,
      projectId: number,
      now = new Date(),
      trx: Executor = db,
    ): Promise<{ bookmark: Bookmark; created: boolean }> {
      const inserted = await trx
        .insertInto('bookmarks')
        .values({ user_id: userId, project_id: projectId, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(['user_id', 'project_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { bookmark: inserted, created: true };
      const existing = await own(trx, userId).where('project_id', '=', projectId).executeTakeFirstOrThrow();
      return { bookmark: existing, created: false };
    },

    async remove(userId: string, projectId: number, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('bookmarks').where('user_id', '=', userId).where('project_id', '=', projectId).execute();
    },
  };
}
