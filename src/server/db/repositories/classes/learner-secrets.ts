import type { Database } from '../../database.ts';
import { type Executor, inTransaction } from '../../transaction.ts';
import { auditLogRepository } from '../audit-log.ts';
import { sessionsRepository } from '../sessions.ts';

/**
 * Learners' secret words: reset and unlocked by their teachers, and what the class's sign-in page
 * and a learner's sign-in read.
 */
export function learnerSecretsRepository(database: Database) {
  const { db } = database;
  const auditLog = auditLogRepository(database);
  const sessions = sessionsRepository(database);

  return {
    /** New secret words: the old ones stop at once and every session of the learner ends. */
    async resetSecret(
      actorId: string,
      learnerId: string,
      secretHash: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<void> {
      await inTransaction(trx, async (tx) => {
        await tx
          .updateTable('users')
          .set({ password_hash: secretHash, updated_at: now.toISOString() })
          .where('id', '=', learnerId)
          .where('role', '=', 'learner')
          .execute();
        await sessions.revokeAll(learnerId, tx);
        await auditLog.record({ actorId, action: 'reset_learner_secret', targetId: learnerId }, now, tx);
      });
    },

    /**
     * New secret words for several learners of a class at once ("New words for all"), in one
     * transaction: every old card stops, every session of theirs ends, each is logged as one reset.
     * Only learners of `classId` change; the ids of those changed.
     */
    async resetSecrets(
      actorId: string,
      classId: string,
      secrets: readonly { learnerId: string; secretHash: string }[],
      now = new Date(),
      trx: Executor = db,
    ): Promise<string[]> {
      return inTransaction(trx, async (tx) => {
        const changed: string[] = [];
        for (const { learnerId, secretHash } of secrets) {
          const updated = await tx
            .updateTable('users')
            .set({ password_hash: secretHash, updated_at: now.toISOString() })
            .where('id', '=', learnerId)
            .where('role', '=', 'learner')
            .where('id', 'in', tx.selectFrom('learners').select('id').where('class_id', '=', classId))
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) continue;
          await sessions.revokeAll(learnerId, tx);
          await auditLog.record({ actorId, action: 'reset_learner_secret', targetId: learnerId }, now, tx);
          changed.push(learnerId);
        }
        return changed;
      });
    },

    async recordUnlock(actorId: string, learnerId: string, now = new Date(), trx: Executor = db) {
      await auditLog.record({ actorId, action: 'unlock_learner', targetId: learnerId }, now, trx);
    },

    /** The sign-in page of a class by its code: its name, whether archived, and its learners' names. */
    async signInPage(joinCode: string, trx: Executor = db) {
      const found = await trx
        .selectFrom('classes')
        .select(['id', 'name', 'archived_at'])
        .where('join_code', '=', joinCode)
        .executeTakeFirst();
      if (!found) return undefined;
      const learners = await trx
        .selectFrom('learners')
        .select(['id', 'display_name'])
        .where('class_id', '=', found.id)
        .orderBy('display_name')
        .orderBy('id')
        .execute();
      return { ...found, learners };
    },

    /** A learner of the class with this code, with what signing in needs. */
    learnerForSignIn(joinCode: string, learnerId: string, trx: Executor = db) {
      return trx
        .selectFrom('learners as l')
        .innerJoin('classes as c', 'c.id', 'l.class_id')
        .innerJoin('users as u', 'u.id', 'l.id')
        .select(['u.id', 'u.email', 'u.role', 'u.password_hash', 'u.suspended_at', 'c.id as class_id', 'c.archived_at'])
        .where('c.join_code', '=', joinCode)
        .where('l.id', '=', learnerId)
        .executeTakeFirst();
    },
  };
}
