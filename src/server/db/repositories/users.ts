import { randomUUID } from 'node:crypto';
import type { Database } from '../database.ts';
import type { Role } from '../schema.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { type ProfileChanges, profilesRepository } from './profiles.ts';
import { sessionsRepository } from './sessions.ts';
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
  const sessions = sessionsRepository(database);

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

    /** What every signed-in request checks (one read by primary key): the role, and whether suspended. */
    standing(id: string, trx: Executor = db) {
      return trx.selectFrom('users').select(['role', 'suspended_at']).where('id', '=', id).executeTakeFirst();
    },

    /** Administrators, oldest account first (the command line's `list`). */
    listAdmins(trx: Executor = db) {
      return trx
        .selectFrom('users')
        .select(['id', 'email', 'created_at', 'suspended_at'])
        .where('role', '=', 'admin')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Sets the role; false when there is no such account. */
    async setRole(id: string, role: Role, now = new Date(), trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('users')
        .set({ role, updated_at: now.toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setPassword(id: string, passwordHash: string, now = new Date(), trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Suspends the account: every session is revoked in the same transaction, and the member leaves
     * the community list (a DELETE on the live feed). False when there is no such account.
     */
    suspend(id: string, now = new Date(), trx: Executor = db): Promise<boolean> {
      const at = now.toISOString();
      return inTransaction(trx, async (tx) => {
        const user = await tx
          .updateTable('users')
          .set((eb) => ({ suspended_at: eb.fn.coalesce('suspended_at', eb.val(at)), updated_at: at }))
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!user) return false;
        await sessions.revokeAll(id, tx);
        await profiles.announceListing(id, 'DELETE', now, tx);
        return true;
      });
    },

    /** Lifts a suspension: the member may sign in again and is listed again (an UPDATE). */
    restore(id: string, now = new Date(), trx: Executor = db): Promise<boolean> {
      const at = now.toISOString();
      return inTransaction(trx, async (tx) => {
        const user = await tx
          .updateTable('users')
          .set({ suspended_at: null, updated_at: at })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!user) return false;
        await profiles.announceListing(id, 'UPDATE', now, tx);
        return true;
      });
    },

    /**
     * Deletes the account and everything of the member's in one transaction: the profile (a DELETE
     * on the live feed) here, and through the foreign keys' cascade the bookmarks, progress, sessions
     * and reset links. The audit log keeps only the id. False when there is no such account.
     */
    delete(id: string, now = new Date(), trx: Executor = db): Promise<boolean> {
      return inTransaction(trx, async (tx) => {
        await profiles.remove(id, now, tx);
        const result = await tx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
  };
}
