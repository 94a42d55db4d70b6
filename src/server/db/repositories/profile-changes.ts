import { sql } from 'kysely';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { Database } from '../database.ts';
import { listedProfiles, toPublicProfile } from '../public-profile.ts';
import type { ProfileChangeKind, ProfileRow } from '../schema.ts';
import { afterCommit, type Executor, inTransaction } from '../transaction.ts';

/** The channel every instance LISTENs on; a notification carries only the change id. */
export const PROFILE_CHANGES_CHANNEL = 'roboforge_profile_changes';
/** Arbitrary constant naming the advisory lock that orders profile changes on PostgreSQL. */
const CHANGE_ORDER_LOCK = 727_070_001;

/**
 * A change as the community list sees it now: the member's current public profile (INSERT or
 * UPDATE), or, when the member is no longer listed (hidden, suspended, deleted), a DELETE that
 * carries only the id. So a replay never sends what a member or a moderator has since removed.
 */
export type ProfileChangeEvent =
  | {
      readonly id: number;
      readonly kind: 'INSERT' | 'UPDATE';
      readonly profileId: string;
      readonly profile: PublicProfile;
    }
  | { readonly id: number; readonly kind: 'DELETE'; readonly profileId: string; readonly profile: null };

/** An INSERT or UPDATE of a member who is not listed now is a removal; a DELETE of one listed again, an update. */
function eventOf(change: { id: number; kind: ProfileChangeKind; profile_id: string }, listed: ProfileRow | undefined) {
  const { id, profile_id: profileId } = change;
  if (!listed) return { id, kind: 'DELETE', profileId, profile: null } as const;
  const kind = change.kind === 'DELETE' ? 'UPDATE' : change.kind;
  return { id, kind, profileId, profile: toPublicProfile(listed) } as const;
}

export function profileChangesRepository(database: Database) {
  const { db, kind } = database;
  return {
    /**
     * Records a profile change inside the writer's transaction. On PostgreSQL an advisory lock held
     * until commit makes change ids commit in increasing order (so a reader that has seen id N has
     * seen everything below N), and NOTIFY is delivered only if the transaction commits; this
     * process's feed is told after commit.
     */
    record(change: { profileId: string; kind: ProfileChangeKind; at: string }, trx: Executor = db): Promise<number> {
      return inTransaction(trx, async (tx) => {
        if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${CHANGE_ORDER_LOCK})`.execute(tx);
        const row = await tx
          .insertInto('profile_changes')
          .values({ profile_id: change.profileId, kind: change.kind, created_at: change.at })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (kind === 'postgres') await sql`select pg_notify(${PROFILE_CHANGES_CHANNEL}, ${String(row.id)})`.execute(tx);
        afterCommit(tx, database.profileCommits.emit);
        return row.id;
      });
    },

    /**
     * Committed changes after `afterId`, oldest first, each as the list sees its member now (see
     * `ProfileChangeEvent`): a deleted member's changes are DELETEs, whatever they were.
     */
    async after(afterId: number, limit: number, trx: Executor = db): Promise<ProfileChangeEvent[]> {
      const changes = await trx
        .selectFrom('profile_changes')
        .select(['id', 'kind', 'profile_id'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      const ids = [...new Set(changes.map((change) => change.profile_id))];
      const listed = ids.length === 0 ? [] : await listedProfiles(trx).where('p.id', 'in', ids).execute();
      const byId = new Map(listed.map((row) => [row.id, row]));
      return changes.map((change) => eventOf(change, byId.get(change.profile_id)));
    },

    /** The newest change id, 0 when there is none. */
    async latestId(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('profile_changes')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** The oldest change still kept, or null when there is none. */
    async oldestId(trx: Executor = db): Promise<number | null> {
      const row = await trx
        .selectFrom('profile_changes')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirst();
      return row?.id == null ? null : Number(row.id);
    },

    /** Forgets changes older than `before`, always keeping the newest so resumes can be judged. */
    async prune(before: Date, trx: Executor = db): Promise<number> {
      const latest = await this.latestId(trx);
      const result = await trx
        .deleteFrom('profile_changes')
        .where('created_at', '<', before.toISOString())
        .where('id', '<', latest)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
