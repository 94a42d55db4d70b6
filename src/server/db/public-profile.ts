import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { ProfileRow } from './schema.ts';
import type { Executor } from './transaction.ts';

/**
 * The profiles the community list shows: not hidden by an administrator, and of an account that is
 * not suspended, and not a learner's (product §6, D16). The list, single reads by others and the live feed all start here.
 */
export function listedProfiles(trx: Executor) {
  return (
    trx
      .selectFrom('profiles as p')
      .innerJoin('users as u', 'u.id', 'p.id')
      .selectAll('p')
      .where('p.hidden_at', 'is', null)
      .where('u.suspended_at', 'is', null)
      // Learners are never public: not on the list, not in the stream (product D16).
      .where('u.role', '!=', 'learner')
  );
}

export function toPublicProfile(row: ProfileRow): PublicProfile {
  return {
    id: row.id,
    username: row.username,
    bio: row.bio,
    avatar_url: row.avatar_url,
    // Only members who opted in show their e-mail (product D4); checked here as well as on write.
    email: row.show_email === 1 ? row.email : null,
    created_at: row.created_at,
  };
}
