import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { Database } from './database.ts';
import { recordProfileChange } from './profile-changes.ts';
import { toPublicProfile } from './public-profile.ts';
import { isUniqueViolation } from './users-repository.ts';

export interface ProfileChanges {
  readonly username?: string | null;
  readonly bio?: string | null;
  readonly show_email?: boolean;
}

export type ProfileUpdateResult =
  | { status: 'updated'; profile: PublicProfile; changeId: number }
  | { status: 'not_found' }
  | { status: 'username_taken' };

export function profilesRepository({ db, kind }: Database) {
  return {
    /** Every member, newest first (SPEC §3). */
    async listPublic(): Promise<PublicProfile[]> {
      const rows = await db
        .selectFrom('profiles')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toPublicProfile);
    },

    async findPublic(id: string): Promise<PublicProfile | undefined> {
      const row = await db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toPublicProfile(row) : undefined;
    },

    /**
     * Applies an owner's edit and records it in `profile_changes` in the same transaction, so the
     * live list never announces a change that was rolled back.
     */
    async update(
      id: string,
      accountEmail: string,
      changes: ProfileChanges,
      now = new Date(),
    ): Promise<ProfileUpdateResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          const at = now.toISOString();
          const updated = await trx
            .updateTable('profiles')
            .set({
              updated_at: at,
              ...(changes.username !== undefined
                ? { username: changes.username, username_key: changes.username?.toLowerCase() ?? null }
                : {}),
              ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
              ...(changes.show_email !== undefined
                ? { show_email: changes.show_email ? 1 : 0, email: changes.show_email ? accountEmail : null }
                : {}),
            })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
          if (!updated) return { status: 'not_found' } as const;
          const changeId = await recordProfileChange(trx, kind, { profileId: id, kind: 'UPDATE', at });
          return { status: 'updated', profile: toPublicProfile(updated), changeId } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { status: 'username_taken' };
        throw error;
      }
    },
  };
}
