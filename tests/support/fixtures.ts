import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/database.ts';
import { usersRepository } from '#server/db/repositories/users.ts';
import type { Executor } from '#server/db/transaction.ts';

interface MemberFixture {
  email?: string;
  username?: string | null;
  bio?: string | null;
  showEmail?: boolean;
  createdAt?: string;
}

/**
 * Creates a member through the product's own write path (the users repository, as sign-up does),
 * as if they had signed up at `createdAt`, with a filled-in profile. The profile change is recorded
 * and the feed of this process hears of it on commit, like any other write. No password can sign
 * in: the hash is not an argon2 hash.
 */
export async function insertMember(database: Database, member: MemberFixture = {}, trx?: Executor): Promise<string> {
  const email = member.email ?? `${randomUUID().slice(0, 8)}@example.test`;
  const created = await usersRepository(database).create(
    {
      email,
      passwordHash: 'not-a-real-hash',
      profile: { username: member.username ?? null, bio: member.bio ?? null, show_email: member.showEmail ?? false },
    },
    member.createdAt ? new Date(member.createdAt) : new Date(),
    trx,
  );
  if (!created) throw new Error(`insertMember: ${email} is already registered`);
  return created.user.id;
}
