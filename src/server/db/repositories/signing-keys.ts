import type { Insertable } from 'kysely';
import type { Database } from '../database.ts';
import type { SigningKeysTable } from '../schema.ts';
import type { Executor } from '../transaction.ts';

/** The stored ES256 key pairs that sign access tokens (see auth/signing-keys.ts). */
export function signingKeysRepository({ db }: Database) {
  return {
    /** Keys in use, newest first (the same order on every instance). */
    listActive(trx: Executor = db) {
      return trx
        .selectFrom('signing_keys')
        .selectAll()
        .where('retired_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('kid', 'desc')
        .execute();
    },

    async add(key: Insertable<SigningKeysTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('signing_keys').values(key).execute();
    },
  };
}
