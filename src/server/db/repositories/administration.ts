import type { AssignableRole, AuditAction, ModerationAction } from '#shared/schemas/admin.ts';
import type { Database } from '../database.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { auditLogRepository } from './audit-log.ts';
import { passwordResetsRepository } from './password-resets.ts';
import { profilesRepository } from './profiles.ts';
import { usersRepository } from './users.ts';

/**
 * What administrators (and the command line) do to members: each action and its audit entry
 * commit together, so the log never misses an action nor records one that did not happen. Every
 * method answers false when there is no such member. `actorId` null is the command line.
 */
export function administrationRepository(database: Database) {
  const { db } = database;
  const users = usersRepository(database);
  const profiles = profilesRepository(database);
  const auditLog = auditLogRepository(database);
  const passwordResets = passwordResetsRepository(database);

  return {
    /** Clears the username or bio, hides or lists again; the live list follows (profile changes). */
    moderate(
      actorId: string,
      targetId: string,
      action: ModerationAction,
      reason: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<boolean> {
      return inTransaction(trx, async (tx) => {
        const before = await profiles.findAny(targetId, tx);
        if (!before || !(await profiles.moderate(targetId, action, now, tx))) return false;
        // The cleared name stays on record (a bio can be long: it does not).
        const detail = action === 'clear_username' ? { from: before.username } : null;
        await auditLog.record({ actorId, action, targetId, reason, detail }, now, tx);
        return true;
      });
    },

    /** Suspends: every session revoked, hidden from the list while suspended. */
    suspend(actorId: string, targetId: string, reason: string, now = new Date(), trx: Executor = db) {
      return inTransaction(trx, async (tx) => {
        if (!(await users.suspend(targetId, now, tx))) return false;
        await auditLog.record({ actorId, action: 'suspend', targetId, reason }, now, tx);
        return true;
      });
    },

    restore(actorId: string, targetId: string, reason: string | null, now = new Date(), trx: Executor = db) {
      return inTransaction(trx, async (tx) => {
        if (!(await users.restore(targetId, now, tx))) return false;
        await auditLog.record({ actorId, action: 'restore', targetId, reason }, now, tx);
        return true;
      });
    },

    /**
     * Promotes, demotes, or makes a teacher; recorded only when the role changes. `learner` when the
     * account is a learner's (its class manages it: no role of its can be set here).
     */
    setRole(
      actorId: string | null,
      targetId: string,
      role: AssignableRole,
      reason: string | null,
      now = new Date(),
      trx: Executor = db,
    ): Promise<boolean | 'learner'> {
      return inTransaction(trx, async (tx) => {
        const standing = await users.standing(targetId, tx);
        if (!standing) return false;
        if (standing.role === 'learner') return 'learner';
        if (standing.role === role) return true;
        await users.setRole(targetId, role, now, tx);
        const action = roleChangeAction(standing.role, role);
        await auditLog.record(
          { actorId, action, targetId, reason, detail: { from: standing.role, to: role } },
          now,
          tx,
        );
        return true;
      });
    },

    /** Deletes the account and everything of it (see `users.delete`); the log keeps the id. */
    deleteMember(
      actorId: string,
      targetId: string,
      reason: string | null,
      action: 'delete_member' | 'delete_own_account',
      now = new Date(),
      trx: Executor = db,
    ): Promise<boolean> {
      return inTransaction(trx, async (tx) => {
        if (!(await users.delete(targetId, now, tx))) return false;
        await auditLog.record({ actorId, action, targetId, reason }, now, tx);
        return true;
      });
    },

    /** A one-time reset link's token for the member (shown once to the administrator), or null. */
    createResetLink(
      actorId: string,
      targetId: string,
      reason: string | null,
      now = new Date(),
      trx: Executor = db,
    ): Promise<{ token: string; expiresAt: string } | null> {
      return inTransaction(trx, async (tx) => {
        if (!(await users.standing(targetId, tx))) return null;
        const link = await passwordResets.create(targetId, actorId, now, tx);
        await auditLog.record({ actorId, action: 'create_reset_link', targetId, reason }, now, tx);
        return link;
      });
    },
  };
}

/** How the audit log names a change of role: to or from administrator first, then to or from teacher. */
function roleChangeAction(from: AssignableRole, to: AssignableRole): AuditAction {
  if (to === 'admin') return 'promote';
  if (from === 'admin') return 'demote';
  return to === 'teacher' ? 'make_teacher' : 'remove_teacher';
}
