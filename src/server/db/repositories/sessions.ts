import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../database.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { serverSecretsRepository } from './server-secrets.ts';

/** A refresh token is spent when used; an unused one lapses after this long. */
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
/** However often it is refreshed, a session ends this long after sign-in. */
const SESSION_MAX_AGE_MS = 90 * 24 * 3600_000;
/**
 * Two tabs may present the same refresh token at nearly the same moment; within this window the
 * second one gets the same successor as the first instead of being treated as a thief.
 */
export const REUSE_GRACE_MS = 10_000;

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
  | { ok: false; reason: 'not_found' | 'already_used' | 'expired' }
  /** `userId`: whose session it was, so a suspension can be told to its owner. */
  | { ok: false; reason: 'revoked'; userId: string };

/**
 * The token that succeeds `spent`: an HMAC under a secret kept in the database, so every replay of
 * `spent` within the grace period recomputes the same successor (as GoTrue returns the same one)
 * and no token is ever stored in plaintext. Without the secret it cannot be derived from `spent`.
 */
function successorOf(spent: string, key: Buffer): string {
  return createHmac('sha256', key).update(`refresh-successor:${spent}`).digest('base64url');
}

async function insertToken(
  db: Executor,
  refreshToken: string,
  session: { userId: string; sessionId: string; parentId: number | null; sessionEnd: Date },
  now: Date,
) {
  const { userId, sessionId, parentId, sessionEnd } = session;
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
    // A successor is derived, not drawn: a replay within the grace period may find it already stored.
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .execute();
  return refreshToken;
}

/** Sessions: the refresh tokens of each sign-in, stored only as hashes. */
export function sessionsRepository(database: Database) {
  const { db } = database;
  const secrets = serverSecretsRepository(database);
  let successorKey: Promise<Buffer> | null = null;
  const obtainSuccessorKey = (executor: Executor) => {
    // Read inside a caller's transaction (SQLite has one connection), and cached only once committed.
    if (executor.isTransaction) return secrets.obtain('refresh-successor', new Date(), executor);
    successorKey ??= secrets.obtain('refresh-successor', new Date(), executor).catch((error: unknown) => {
      successorKey = null; // try again on the next refresh
      throw error;
    });
    return successorKey;
  };

  return {
    /** A new session after a password sign-in, with its first refresh token. */
    async start(userId: string, now = new Date(), trx: Executor = db): Promise<IssuedRefresh> {
      const sessionId = randomUUID();
      const sessionEnd = new Date(now.getTime() + SESSION_MAX_AGE_MS);
      const refreshToken = await insertToken(trx, newToken(), { userId, sessionId, parentId: null, sessionEnd }, now);
      return { refreshToken, sessionId, userId };
    },

    /**
     * Spends a refresh token and issues its successor. Within the grace period a spent token gets
     * that same successor again, so a copy gains nothing; reusing it later means it was copied,
     * and the whole session is revoked.
     */
    async rotate(refreshToken: string, now = new Date(), outer: Executor = db): Promise<RotationResult> {
      const key = await obtainSuccessorKey(outer);
      return inTransaction(outer, async (trx) => {
        const row = await trx
          .selectFrom('refresh_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(refreshToken))
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'not_found' } as const;
        if (row.revoked === 1) return { ok: false, reason: 'revoked', userId: row.user_id } as const;
        const sessionEnd = new Date(row.session_expires_at);
        if (new Date(row.expires_at) <= now || sessionEnd <= now) return { ok: false, reason: 'expired' } as const;

        if (row.used_at === null) {
          // The first use claims the token; a request that lost the race to claim it is a replay within the grace period.
          await trx
            .updateTable('refresh_tokens')
            .set({ used_at: now.toISOString() })
            .where('id', '=', row.id)
            .where('used_at', 'is', null)
            .execute();
        }
        const usedAt = row.used_at === null ? now.getTime() : new Date(row.used_at).getTime();
        if (now.getTime() - usedAt <= REUSE_GRACE_MS) {
          // The first use stores the successor; a replay finds it stored and gets the same token.
          const session = { userId: row.user_id, sessionId: row.session_id, parentId: row.id, sessionEnd };
          const next = await insertToken(trx, successorOf(refreshToken, key), session, now);
          return { ok: true, issued: { refreshToken: next, sessionId: row.session_id, userId: row.user_id } } as const;
        }
        await trx.updateTable('refresh_tokens').set({ revoked: 1 }).where('session_id', '=', row.session_id).execute();
        return { ok: false, reason: 'already_used' } as const;
      });
    },

    async revoke(sessionId: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('refresh_tokens').set({ revoked: 1 }).where('session_id', '=', sessionId).execute();
    },

    /** Signs the member out everywhere: every session of the account (sign-out everywhere, suspension, reset). */
    async revokeAll(userId: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('refresh_tokens').set({ revoked: 1 }).where('user_id', '=', userId).execute();
    },

    /** Every session of the account but `keepSessionId` (sign-out of other devices, password change). */
    async revokeOthers(userId: string, keepSessionId: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked: 1 })
        .where('user_id', '=', userId)
        .where('session_id', '<>', keepSessionId)
        .execute();
    },

    /** The member's live sessions, oldest first, without any token: for their data export. */
    async listActive(userId: string, now = new Date(), trx: Executor = db) {
      const rows = await trx
        .selectFrom('refresh_tokens')
        .select((eb) => [
          'session_id',
          eb.fn.min('created_at').as('started_at'),
          eb.fn.max('created_at').as('refreshed_at'),
          eb.fn.max('session_expires_at').as('ends_at'),
        ])
        .where('user_id', '=', userId)
        .where('revoked', '=', 0)
        .where('session_expires_at', '>', now.toISOString())
        .groupBy('session_id')
        .orderBy('started_at')
        .execute();
      return rows.map((row) => ({
        started_at: String(row.started_at),
        refreshed_at: String(row.refreshed_at),
        ends_at: String(row.ends_at),
      }));
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
