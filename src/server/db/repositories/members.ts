import { sql } from 'kysely';
import type { AdminMember } from '#shared/schemas/admin.ts';
import type { Database } from '../database.ts';
import type { Executor } from '../transaction.ts';

/** `%text%` for LIKE, with the wildcards of the text itself escaped (by `\`). */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Accounts with their profiles, as the administration page lists them (product §2 Admin); not learners. */
export function membersRepository({ db }: Database) {
  const members = (trx: Executor) =>
    trx
      .selectFrom('users as u')
      .innerJoin('profiles as p', 'p.id', 'u.id')
      // Learners belong to their classes: their teachers (and administrators) manage them there.
      .where('u.role', '!=', 'learner')
      .select((eb) => [
        'u.id',
        'u.email',
        'p.username',
        'p.bio',
        'u.role',
        'p.hidden_at',
        'u.suspended_at',
        'u.created_at',
        eb
          .selectFrom('bookmarks as b')
          .select(eb.fn.countAll().as('n'))
          .whereRef('b.user_id', '=', 'u.id')
          .as('bookmarks'),
        eb
          .selectFrom('step_progress as s')
          .select(eb.fn.countAll().as('n'))
          .whereRef('s.user_id', '=', 'u.id')
          .as('steps'),
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof members>['execute']>>[number];
  const toMember = (row: Row): AdminMember => ({
    id: row.id,
    email: row.email,
    username: row.username,
    bio: row.bio,
    role: row.role,
    status: row.suspended_at !== null ? 'suspended' : row.hidden_at !== null ? 'hidden' : 'active',
    hidden_at: row.hidden_at,
    suspended_at: row.suspended_at,
    created_at: row.created_at,
    bookmark_count: Number(row.bookmarks ?? 0),
    finished_step_count: Number(row.steps ?? 0),
  });

  /** E-mail or username containing `q`, ignoring case (usernames: ASCII case only on SQLite). */
  const matching = (q: string) =>
    sql<boolean>`(u.email like ${containing(q)} escape '\\' or lower(p.username) like ${containing(q)} escape '\\')`;

  return {
    /** One page, newest member first, and how many match in all. */
    async page(
      options: { q?: string; page: number; pageSize: number },
      trx: Executor = db,
    ): Promise<{ members: AdminMember[]; total: number }> {
      const { q, page, pageSize } = options;
      const rows = await members(trx)
        .$if(Boolean(q), (query) => query.where(matching(q ?? '')))
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const count = await trx
        .selectFrom('users as u')
        .innerJoin('profiles as p', 'p.id', 'u.id')
        .where('u.role', '!=', 'learner')
        .$if(Boolean(q), (query) => query.where(matching(q ?? '')))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return { members: rows.map(toMember), total: Number(count.n) };
    },

    async find(id: string, trx: Executor = db): Promise<AdminMember | undefined> {
      const row = await members(trx).where('u.id', '=', id).executeTakeFirst();
      return row ? toMember(row) : undefined;
    },
  };
}
