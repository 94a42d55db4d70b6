import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { ProfileRow } from './schema.ts';

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
