import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../database.ts';
import { type Executor, inTransaction } from '../transaction.ts';

/** A refresh token is spent when used; an unused one lapses after this long. */
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
/** However often it is refreshed, a session ends this long after sign-in. */
const SESSION_MAX_AGE_MS = 90 * 24 * 3600_000;
/**
 * Two tabs may present the same refresh token at nearly the same moment; within this window the
 * second one gets its own fresh token instead of being treated as a thief.
 */
const REUSE_GRACE_MS = 10_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssuedRefresh {
  readonly refreshToken: string;
  readonly sessionId: string;
  readonly userId: string;
}

type RotationResult =
  | { ok: true; issued: IssuedRefresh }
  | { ok: false; reason: 'not_found' | 'already_used' | 'expired' | 'revoked' };

async function insertToken(
  db: Executor,
  userId: string,
  sessionId: string,
  parentId: number | null,
  sessionEnd: Date,
  now: Date,
) {
  const refreshToken = newToken();
  const expires = new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, sessionEnd.getTime()));
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashToken(refreshToken),
      user_id: userId,
      session_id: sessionId,
      parent_id: parentId,
      used_at: null,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      session_expires_at: sessionEnd.toISOString(),
    })
    .execute();
  return refreshToken;
}

/** Sessions: the refresh tokens of each sign-in, stored only as hashes. */
export function sessionsRepository({ db }: Database) {
  return {
    /** A new session after a password sign-in, with its first refresh token. */
    async start(userId: string, now = new Date(), trx: Executor = db): Promise<IssuedRefresh> {
      const sessionId = randomUUID();
      const refreshToken = await insertToken(
        trx,
        userId,
        sessionId,
        null,
        new Date(now.getTime() + SESSION_MAX_AGE_MS),
        now,
      );
      return { refreshToken, sessionId, userId };
    },

    /**
     * Spends a refresh token and issues its successor. Reusing a spent token after the grace
     * period means it was copied: the whole session is revoked.
     */
    async rotate(refreshToken: string, now = new Date(), outer: Executor = db): Promise<RotationResult> {
      return inTransaction(outer, async (trx) => {
        const row = await trx
          .selectFrom('refresh_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(refreshToken))
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'not_found' } as const;
        if (row.revoked === 1) return { ok: false, reason: 'revoked' } as const;
        const sessionEnd = new Date(row.session_expires_at);
        if (new Date(row.expires_at) <= now || sessionEnd <= now) return { ok: false, reason: 'expired' } as const;

        if (row.used_at === null) {
          // Claim the token; if another request claimed it first, fall through to the reuse rule.
          const claimed = await trx
            .updateTable('refresh_tokens')
            .set({ used_at: now.toISOString() })
            .where('id', '=', row.id)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 1) {
            const next = await insertToken(trx, row.user_id, row.session_id, row.id, sessionEnd, now);
            return {
              ok: true,
              issued: { refreshToken: next, sessionId: row.session_id, userId: row.user_id },
            } as const;
          }
        }
        const usedAt = row.used_at ? new Date(row.used_at).getTime() : now.getTime();
        if (now.getTime() - usedAt <= REUSE_GRACE_MS) {
          const next = await insertToken(trx, row.user_id, row.session_id, row.id, sessionEnd, now);
          return { ok: true, issued: { refreshToken: next, sessionId: row.session_id, userId: row.user_id } } as const;
        }
        await trx.updateTable('refresh_tokens').set({ revoked: 1 }).where('session_id', '=', row.session_id).execute();
        return { ok: false, reason: 'already_used' } as const;
      });
    },

    async revoke(sessionId: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('refresh_tokens').set({ revoked: 1 }).where('session_id', '=', sessionId).execute();
    },

    /** A session is alive while one of its refresh tokens is neither revoked nor past the session's end. */
    async isActive(sessionId: string, now = new Date(), trx: Executor = db): Promise<boolean> {
      const row = await trx
        .selectFrom('refresh_tokens')
        .select('id')
        .where('session_id', '=', sessionId)
        .where('revoked', '=', 0)
        .where('session_expires_at', '>', now.toISOString())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
