import { sql } from 'kysely';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { Database } from '../database.ts';
import { toPublicProfile } from '../public-profile.ts';
import type { ProfileChangeKind } from '../schema.ts';
import { afterCommit, type Executor, inTransaction } from '../transaction.ts';

/** The channel every instance LISTENs on; a notification carries only the change id. */
export const PROFILE_CHANGES_CHANNEL = 'roboforge_profile_changes';
/** Arbitrary constant naming the advisory lock that orders profile changes on PostgreSQL. */
const CHANGE_ORDER_LOCK = 727_070_001;

export interface ProfileChangeEvent {
  readonly id: number;
  readonly kind: ProfileChangeKind;
  readonly profile: PublicProfile;
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

    /** Committed changes after `afterId`, oldest first, with each profile's public fields as they are now. */
    async after(afterId: number, limit: number, trx: Executor = db): Promise<ProfileChangeEvent[]> {
      const rows = await trx
        .selectFrom('profile_changes as c')
        .innerJoin('profiles as p', 'p.id', 'c.profile_id')
        .select(['c.id as change_id', 'c.kind as change_kind'])
        .selectAll('p')
        .where('c.id', '>', afterId)
        .orderBy('c.id')
        .limit(limit)
        .execute();
      return rows.map(({ change_id, change_kind, ...profile }) => ({
        id: change_id,
        kind: change_kind,
        profile: toPublicProfile(profile),
      }));
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
