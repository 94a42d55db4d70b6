import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { Database } from '../database.ts';
import { toPublicProfile } from '../public-profile.ts';
import type { ProfileChangeKind, ProfileRow } from '../schema.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { profileChangesRepository } from './profile-changes.ts';
import { isUniqueViolation } from './unique-violation.ts';

export interface ProfileChanges {
  readonly username?: string | null;
  readonly bio?: string | null;
  readonly show_email?: boolean;
}

type ProfileUpdateResult =
  | { status: 'updated'; profile: PublicProfile; changeId: number }
  | { status: 'not_found' }
  | { status: 'username_taken' };

/** A new member's profile: empty unless a fixture or an import fills it in. */
export interface NewProfile extends ProfileChanges {
  readonly id: string;
  readonly email: string;
}

export function profilesRepository(database: Database) {
  const { db } = database;
  const changes = profileChangesRepository(database);

  /**
   * The one way a profile is written: the write and its row in `profile_changes` commit together
   * (so the live list never announces a change that was rolled back), and the feed, told after
   * commit, refreshes the cached list and wakes the streams. Sign-up, edits and every later
   * writer (moderation, deletion) go through here.
   */
  function writeProfile<T extends ProfileRow | undefined>(
    profileId: string,
    kind: ProfileChangeKind,
    at: string,
    write: (trx: Executor) => Promise<T>,
    trx: Executor,
  ): Promise<{ row: T; changeId: number | null }> {
    return inTransaction(trx, async (tx) => {
      const row = await write(tx);
      if (row === undefined) return { row, changeId: null };
      const changeId = await changes.record({ profileId, kind, at }, tx);
      return { row, changeId };
    });
  }

  return {
    /** Every member, newest first (product §3). */
    async listPublic(trx: Executor = db): Promise<PublicProfile[]> {
      const rows = await trx
        .selectFrom('profiles')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPublicProfile);
    },

    async findPublic(id: string, trx: Executor = db): Promise<PublicProfile | undefined> {
      const row = await trx.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toPublicProfile(row) : undefined;
    },

    /** The profile of a new account, with its INSERT change (called inside the sign-up transaction). */
    async create(profile: NewProfile, now = new Date(), trx: Executor = db): Promise<number> {
      const at = now.toISOString();
      const { changeId } = await writeProfile(
        profile.id,
        'INSERT',
        at,
        (tx) =>
          tx
            .insertInto('profiles')
            .values({
              id: profile.id,
              username: profile.username ?? null,
              username_key: profile.username?.toLowerCase() ?? null,
              bio: profile.bio ?? null,
              avatar_url: null,
              email: profile.show_email ? profile.email : null,
              show_email: profile.show_email ? 1 : 0,
              created_at: at,
              updated_at: at,
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
        trx,
      );
      if (changeId === null) throw new Error('A new profile was not recorded');
      return changeId;
    },

    /** Applies an owner's edit (the account's e-mail is published only when `show_email` is on). */
    async update(
      id: string,
      accountEmail: string,
      edit: ProfileChanges,
      now = new Date(),
      trx: Executor = db,
    ): Promise<ProfileUpdateResult> {
      const at = now.toISOString();
      try {
        const { row, changeId } = await writeProfile(
          id,
          'UPDATE',
          at,
          (tx) =>
            tx
              .updateTable('profiles')
              .set({
                updated_at: at,
                ...(edit.username !== undefined
                  ? { username: edit.username, username_key: edit.username?.toLowerCase() ?? null }
                  : {}),
                ...(edit.bio !== undefined ? { bio: edit.bio } : {}),
                ...(edit.show_email !== undefined
                  ? { show_email: edit.show_email ? 1 : 0, email: edit.show_email ? accountEmail : null }
                  : {}),
              })
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirst(),
          trx,
        );
        if (!row || changeId === null) return { status: 'not_found' };
        return { status: 'updated', profile: toPublicProfile(row), changeId };
      } catch (error) {
        if (isUniqueViolation(error)) return { status: 'username_taken' };
        throw error;
      }
    },
  };
}
