import type { Kysely } from 'kysely';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { DatabaseSchema, ProfileRow } from './schema.ts';

export function toPublicProfile(row: ProfileRow): PublicProfile {
  return {
    id: row.id,
    username: row.username,
    bio: row.bio,
    avatar_url: row.avatar_url,
    // Only members who opted in show their e-mail (DESIGN D4); checked here as well as on write.
    email: row.show_email === 1 ? row.email : null,
    created_at: row.created_at,
  };
}

export function profilesRepository(db: Kysely<DatabaseSchema>) {
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
  };
}
