import { randomUUID } from 'node:crypto';
import type { Database } from './database.ts';
import { recordProfileChange } from './profile-changes.ts';

/** Unique-constraint violations, as SQLite and PostgreSQL report them. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return code === '23505' || /UNIQUE constraint failed/i.test(error.message);
}

export function usersRepository({ db, kind }: Database) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Creates the account, its empty profile and the profile's INSERT change in one transaction.
     * Returns null when the e-mail is already registered.
     */
    async create(email: string, passwordHash: string, now = new Date()) {
      const id = randomUUID();
      const at = now.toISOString();
      try {
        const changeId = await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({ id, email, password_hash: passwordHash, created_at: at, updated_at: at })
            .execute();
          await trx
            .insertInto('profiles')
            .values({
              id,
              username: null,
              username_key: null,
              bio: null,
              avatar_url: null,
              email: null,
              show_email: 0,
              created_at: at,
              updated_at: at,
            })
            .execute();
          return recordProfileChange(trx, kind, { profileId: id, kind: 'INSERT', at });
        });
        return { user: { id, email, created_at: at }, changeId };
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
  };
}
