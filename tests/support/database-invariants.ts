import { type RawBuilder, sql } from 'kysely';
import type { Database } from '#server/db/database.ts';
import { BIO_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '#shared/constants.ts';
import { PROJECT_IDS } from '#shared/content/project-ids.ts';

const CONTROL_CODES = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f];
/** A bio may hold tabs and line breaks; nothing else below U+0020. */
const BIO_CONTROL_CODES = CONTROL_CODES.filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d);

const hex = (code: number) => code.toString(16).padStart(2, '0');

/**
 * SQL that is true when `column` holds one of the control characters `codes`. In UTF-8 these
 * bytes occur only as those characters, so SQLite can search the bytes; PostgreSQL cannot store
 * U+0000 at all and matches the rest with a regular expression.
 */
function hasControlCharacter(kind: Database['kind'], column: 'username' | 'bio', codes: readonly number[]) {
  if (kind === 'postgres') {
    const ranges = codes.filter((code) => code > 0).map((code) => `\\x${hex(code)}`);
    return sql`${sql.ref(column)} ~ ${`[${ranges.join('')}]`}`;
  }
  const tests = codes.map((code) => sql`instr(cast(${sql.ref(column)} as blob), ${sql.raw(`x'${hex(code)}'`)}) > 0`);
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * Every row that breaks a rule the API promises to keep (product D4, D8; the bookmark rules),
 * described in one line each. Checked with SQL on the stored data, whatever wrote it.
 */
export async function findInvalidRows(database: Database): Promise<string[]> {
  const { db, kind } = database;
  const [minProject, maxProject] = [Math.min(...PROJECT_IDS), Math.max(...PROJECT_IDS)];
  const checks: [string, RawBuilder<Record<string, unknown>>][] = [
    [
      `username not null and ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters, trimmed`,
      sql`select id, username from profiles where username is not null and (length(username) < ${USERNAME_MIN_LENGTH}
          or length(username) > ${USERNAME_MAX_LENGTH} or username <> trim(username))`,
    ],
    [
      'username without control characters',
      sql`select id, username from profiles where username is not null
          and ${hasControlCharacter(kind, 'username', CONTROL_CODES)}`,
    ],
    [
      `bio null or 1-${BIO_MAX_LENGTH} characters, trimmed`,
      sql`select id, length(bio) as length from profiles where bio is not null
          and (length(bio) > ${BIO_MAX_LENGTH} or length(bio) = 0 or bio <> trim(bio))`,
    ],
    [
      'bio without control characters other than tab and line breaks',
      sql`select id from profiles where bio is not null and ${hasControlCharacter(kind, 'bio', BIO_CONTROL_CODES)}`,
    ],
    [
      'account e-mail lower-case and trimmed',
      sql`select id, email from users where email <> lower(trim(email)) or email = ''`,
    ],
    ['show_email is 0 or 1', sql`select id, show_email from profiles where show_email not in (0, 1)`],
    [
      'profile e-mail only when shown, and only the member’s own',
      sql`select p.id, p.email from profiles p join users u on u.id = p.id
          where p.email is not null and (p.show_email <> 1 or p.email <> u.email)`,
    ],
    [
      `bookmark project_id ${minProject}-${maxProject}`,
      sql`select id, project_id from bookmarks where project_id < ${minProject} or project_id > ${maxProject}`,
    ],
    [
      'one bookmark per member and project',
      sql`select user_id, project_id, count(*) as copies from bookmarks group by user_id, project_id having count(*) > 1`,
    ],
    [
      'a profile for every account',
      sql`select u.id from users u left join profiles p on p.id = u.id where p.id is null`,
    ],
  ];

  const problems: string[] = [];
  for (const [rule, query] of checks) {
    const { rows } = await query.execute(db);
    for (const row of rows) problems.push(`${rule}: ${JSON.stringify(row)}`);
  }
  return problems;
}
