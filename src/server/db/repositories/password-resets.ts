import { createHash, randomBytes } from 'node:crypto';
import { RESET_LINK_TTL_SECONDS } from '#shared/constants.ts';
import type { Database } from '../database.ts';
import { type Executor, inTransaction } from '../transaction.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * One-time password reset links: 256 random bits, stored only as a SHA-256 hash, valid one hour,
 * spent by their first use. A new link replaces the member's earlier unused ones.
 */
export function passwordResetsRepository({ db }: Database) {
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
  };
}
