import { sql } from 'kysely';
import type { Database } from '../database.ts';
import type { Executor } from '../transaction.ts';

export function healthRepository({ db }: Database) {
  return {
    /** A round trip to the database: throws when it cannot answer. */
    async ping(trx: Executor = db): Promise<void> {
      await sql`select 1`.execute(trx);
    },
  };
}
