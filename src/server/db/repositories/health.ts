import type { Database } from '../database.ts';
import type { DatabaseSchema } from '../schema.ts';
import type { Executor } from '../transaction.ts';

/** The tables a sign-in, the pages and the live feed read: health reads a row of each. */
const TABLES_READ: readonly (keyof DatabaseSchema)[] = [
  'users',
  'profiles',
  'refresh_tokens',
  'signing_keys',
  'server_secrets',
  'profile_changes',
  'bookmarks',
  'step_progress',
  'material_checks',
];

export function healthRepository({ db, failures }: Database) {
  return {
    /**
     * A real read: one whole row of every table, so a damaged table or a lost connection throws
     * here as it would for a request (`select 1` touches no table and passed on a damaged file).
     */
    async check(trx: Executor = db): Promise<void> {
      for (const table of TABLES_READ) await trx.selectFrom(table).selectAll().limit(1).execute();
    },

    /** The latest failure of the database itself (full disk, damaged pages) seen in the last minute. */
    recentFailure() {
      return failures.recent();
    },
  };
}
