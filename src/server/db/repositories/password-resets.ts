import { createHash, randomBytes } from 'node:crypto';
import { RESET_LINK_TTL_SECONDS } from '#shared/constants.ts';
import type { Database } from '../database.ts';
import type { Role } from '../schema.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { type IssuedRefresh, sessionsRepository } from './sessions.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * One-time password reset links: 256 random bits, stored only as a SHA-256 hash, valid one hour,
 * spent by their first use. A new link replaces the member's earlier unused ones.
 */
export function passwordResetsRepository(database: Database) {
  const { db } = database;
  const sessions = sessionsRepository(database);
  return {
    /** A new link's token (to put in the URL, never stored) and when it expires. */
    create(
      userId: string,
      createdBy: string | null,
      now = new Date(),
      trx: Executor = db,
    ): Promise<{ token: string; expiresAt: string }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_SECONDS * 1000).toISOString();
      return inTransaction(trx, async (tx) => {
        await tx.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
        await tx
          .insertInto('password_resets')
          .values({
            token_hash: hashToken(token),
            user_id: userId,
            created_by: createdBy,
            created_at: now.toISOString(),
            expires_at: expiresAt,
            used_at: null,
          })
          .execute();
        return { token, expiresAt };
      });
    },

    /**
     * Spends the link: the member it was made for, or null when it is unknown, used or expired. One
     * conditional update, so two uses at once cannot both succeed.
     */
    async consume(token: string, now = new Date(), trx: Executor = db): Promise<string | null> {
      const row = await trx
        .updateTable('password_resets')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** Whether the link could still be used (checked before the costly password hash; `redeem` checks again). */
    async isUsable(token: string, now = new Date(), trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('password_resets')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses the link: in one transaction the link is spent, the new password set, every session of the
     * member revoked, and a new session started (the member is signed in). A suspended member's link
     * is left unspent and nothing changes.
     */
    redeem(
      token: string,
      passwordHash: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<
      { ok: true; issued: IssuedRefresh; email: string; role: Role } | { ok: false; reason: 'invalid' | 'suspended' }
    > {
      return inTransaction(trx, async (tx) => {
        const userId = await this.consume(token, now, tx);
        if (userId === null) return { ok: false, reason: 'invalid' } as const;
        const user = await tx
          .selectFrom('users')
          .select(['email', 'role', 'suspended_at'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        // Throwing rolls the spent link back: a restored member can still use it within the hour.
        if (user.suspended_at !== null) throw new SuspendedDuringReset();
        await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now.toISOString() })
          .where('id', '=', userId)
          .execute();
        await sessions.revokeAll(userId, tx);
        const issued = await sessions.start(userId, now, tx);
        return { ok: true, issued, email: user.email, role: user.role } as const;
      }).catch((error: unknown) => {
        if (error instanceof SuspendedDuringReset) return { ok: false, reason: 'suspended' } as const;
        throw error;
      });
    },
  };
}

class SuspendedDuringReset extends Error {}
