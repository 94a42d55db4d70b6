import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

export interface MemberFixture {
  email?: string;
  username?: string | null;
  bio?: string | null;
  showEmail?: boolean;
  createdAt?: string;
}

/**
 * Inserts a user and their profile directly, as if they had signed up at `createdAt`, with the
 * profile change a sign-up records. Call `app.profileFeed.poke()` afterwards to have the server
 * notice at once (it would within seconds anyway).
 */
export async function insertMember(db: Kysely<DatabaseSchema>, member: MemberFixture = {}): Promise<string> {
  const id = randomUUID();
  const createdAt = member.createdAt ?? new Date().toISOString();
  const email = member.email ?? `${id.slice(0, 8)}@example.test`;
  await db
    .insertInto('users')
    .values({ id, email, password_hash: 'not-a-real-hash', created_at: createdAt, updated_at: createdAt })
    .execute();
  await db
    .insertInto('profiles')
    .values({
      id,
      username: member.username ?? null,
      username_key: member.username?.toLowerCase() ?? null,
      bio: member.bio ?? null,
      avatar_url: null,
      email: member.showEmail ? email : null,
      show_email: member.showEmail ? 1 : 0,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await db.insertInto('profile_changes').values({ profile_id: id, kind: 'INSERT', created_at: createdAt }).execute();
  return id;
}
