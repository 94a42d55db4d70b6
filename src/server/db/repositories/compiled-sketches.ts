import type { Database } from '../database.ts';
import type { Executor } from '../transaction.ts';

/** How often a hit writes its `used_at` again: enough to keep what is used, without a write per Run. */
const TOUCH_AFTER_MS = 60 * 60_000;

/** The compile cache every instance shares: results by key, the least recently used pruned. */
export function compiledSketchesRepository({ db }: Database) {
  return {
    /** The stored result (JSON text) for `key`, or null. */
    async find(key: string, now = new Date(), trx: Executor = db): Promise<string | null> {
      const row = await trx
        .selectFrom('compiled_sketches')
        .select(['result', 'used_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return null;
      if (now.getTime() - Date.parse(row.used_at) > TOUCH_AFTER_MS) {
        await trx.updateTable('compiled_sketches').set({ used_at: now.toISOString() }).where('key', '=', key).execute();
      }
      return row.result;
    },

    /** Keeps a result; another instance that stored the same key first wins (the bytes are the same). */
    async store(key: string, result: string, now = new Date(), trx: Executor = db): Promise<void> {
      const at = now.toISOString();
      await trx
        .insertInto('compiled_sketches')
        .values({ key, result, created_at: at, used_at: at })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    },

    /** Deletes what has not been used since `before`; answers how many. */
    async prune(before: Date, trx: Executor = db): Promise<number> {
      const deleted = await trx
        .deleteFrom('compiled_sketches')
        .where('used_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}
