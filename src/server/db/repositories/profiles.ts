import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { Database } from '../database.ts';
import { listedProfiles, toPublicProfile } from '../public-profile.ts';
import type { ProfileChangeKind, ProfileRow } from '../schema.ts';
import { type Executor, inTransaction } from '../transaction.ts';
import { usernameKey } from '../username-key.ts';
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

/** What an administrator may do to a profile (product §6, moderation). */
export type ModerationAction = 'clear_username' | 'clear_bio' | 'hide' | 'unhide';

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
    /** Every listed member (not hidden, not suspended), newest first (product §3). */
    async listPublic(trx: Executor = db): Promise<PublicProfile[]> {
      const rows = await listedProfiles(trx).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').execute();
      return rows.map(toPublicProfile);
    },

    /** A listed member's public profile: what anyone may read. */
    async findPublic(id: string, trx: Executor = db): Promise<PublicProfile | undefined> {
      const row = await listedProfiles(trx).where('p.id', '=', id).executeTakeFirst();
      return row ? toPublicProfile(row) : undefined;
    },

    /** Everything stored of a profile, for its owner's data export. */
    findRow(id: string, trx: Executor = db): Promise<ProfileRow | undefined> {
      return trx.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The public fields of any profile, listed or not: for its owner and administrators only. */
    async findAny(id: string, trx: Executor = db): Promise<PublicProfile | undefined> {
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
              username_key: profile.username ? usernameKey(profile.username) : null,
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
                  ? { username: edit.username, username_key: edit.username ? usernameKey(edit.username) : null }
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

    /**
     * An administrator's moderation: clear the username or the bio (an UPDATE on the live list), hide
     * the member from the community list (a DELETE) or list them again (an UPDATE). Undefined when
     * there is no such profile.
     */
    async moderate(
      id: string,
      action: ModerationAction,
      now = new Date(),
      trx: Executor = db,
    ): Promise<PublicProfile | undefined> {
      const at = now.toISOString();
      const changes = {
        clear_username: { username: null, username_key: null },
        clear_bio: { bio: null },
        hide: { hidden_at: at },
        unhide: { hidden_at: null },
      }[action];
      const { row } = await writeProfile(
        id,
        action === 'hide' ? 'DELETE' : 'UPDATE',
        at,
        (tx) =>
          tx
            .updateTable('profiles')
            .set({ ...changes, updated_at: at })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst(),
        trx,
      );
      return row ? toPublicProfile(row) : undefined;
    },

    /**
     * Records that the profile's place on the list changed through its account (suspended: DELETE,
     * restored: UPDATE), so the live list follows. Called inside the account's transaction.
     */
    async announceListing(id: string, kind: 'DELETE' | 'UPDATE', now = new Date(), trx: Executor = db) {
      const at = now.toISOString();
      await writeProfile(
        id,
        kind,
        at,
        (tx) =>
          tx.updateTable('profiles').set({ updated_at: at }).where('id', '=', id).returningAll().executeTakeFirst(),
        trx,
      );
    },

    /** Deletes the profile, with its DELETE change (called inside the account deletion's transaction). */
    async remove(id: string, now = new Date(), trx: Executor = db): Promise<boolean> {
      const { row } = await writeProfile(
        id,
        'DELETE',
        now.toISOString(),
        (tx) => tx.deleteFrom('profiles').where('id', '=', id).returningAll().executeTakeFirst(),
        trx,
      );
      return row !== undefined;
    },
  };
}
