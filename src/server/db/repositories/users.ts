import { randomUUID } from 'node:crypto';
import type { Database } from '../database.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { type ProfileChanges, profilesRepository } from './profiles.ts';
import { isUniqueViolation } from './unique-violation.ts';

interface NewAccount {
  readonly email: string;
  readonly passwordHash: string;
  /** Filled-in profile fields; a sign-up leaves them empty. */
  readonly profile?: ProfileChanges;
}

export function usersRepository(database: Database) {
  const { db } = database;
  const profiles = profilesRepository(database);

  return {
    findByEmail(email: string, trx: Executor = db) {
      return trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findById(id: string, trx: Executor = db) {
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Creates the account and its profile (with the profile's INSERT change) in one transaction.
     * Returns null when the e-mail is already registered.
     */
    async create(account: NewAccount, now = new Date(), trx: Executor = db) {
      const id = randomUUID();
      const at = now.toISOString();
      try {
        const changeId = await inTransaction(trx, async (tx) => {
          await tx
            .insertInto('users')
            .values({ id, email: account.email, password_hash: account.passwordHash, created_at: at, updated_at: at })
            .execute();
          return profiles.create({ id, email: account.email, ...account.profile }, now, tx);
        });
        return { user: { id, email: account.email, created_at: at }, changeId };
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
  };
}
