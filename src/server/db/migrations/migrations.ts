import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  usernameKey,
  withoutInvisibleCharacters,
} from './0004-username-rules.ts';

import { allowHelpWithASketch } from './0011-help-with-a-sketch.ts';

/** The databases these migrations were written for. */
export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * One set of migrations for both databases. The dialect differences are how an auto-incrementing
 * key is spelled, and (0004) how a check constraint is changed; everything else is portable SQL.
 *
 * A migration is history: it imports nothing from the live code (schemas, constants, helpers),
 * only packages and this folder, so it does tomorrow exactly what it did when it was written.
 * What one needs of the product's rules is frozen in a module of its own here
 * (`0004-username-rules.ts`); `frozen-imports.test.ts` keeps it so.
 */
export function migrations(kind: DatabaseKind): Record<string, Migration> {
  const serialKey = kind === 'postgres' ? 'bigserial' : 'integer';

  return {
    '0001_initial': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('refresh_tokens')
          .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('parent_id', kind === 'postgres' ? 'bigint' : 'integer')
          .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('session_expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('refresh_tokens_session_id').on('refresh_tokens').column('session_id').execute();
        await db.schema.createIndex('refresh_tokens_user_id').on('refresh_tokens').column('user_id').execute();

        await db.schema
          .createTable('signing_keys')
          .addColumn('kid', 'text', (c) => c.primaryKey())
          .addColumn('algorithm', 'text', (c) => c.notNull())
          .addColumn('private_jwk', 'text', (c) => c.notNull())
          .addColumn('public_jwk', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('retired_at', 'text')
          .execute();

        await db.schema
          .createTable('profiles')
          .addColumn('id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('username', 'text')
          .addColumn('username_key', 'text', (c) => c.unique())
          .addColumn('bio', 'text')
          .addColumn('avatar_url', 'text')
          .addColumn('email', 'text')
          .addColumn('show_email', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addCheckConstraint('profiles_show_email_flag', sql`show_email in (0, 1)`)
          .execute();
        await db.schema.createIndex('profiles_created_at').on('profiles').columns(['created_at', 'id']).execute();

        await db.schema
          .createTable('bookmarks')
          .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('project_id', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('bookmarks_user_project', ['user_id', 'project_id'])
          .addCheckConstraint('bookmarks_project_id_range', sql`project_id between 1 and 9`)
          .execute();

        await db.schema
          .createTable('profile_changes')
          .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
          .addColumn('profile_id', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addCheckConstraint('profile_changes_kind', sql`kind in ('INSERT', 'UPDATE')`)
          .execute();
        await db.schema.createIndex('profile_changes_created_at').on('profile_changes').column('created_at').execute();
      },
    },
    '0002_progress': {
      async up(db: Kysely<unknown>) {
        // A learner's ticks on a tutorial page: steps done and materials at hand, one row per tick.
        for (const [table, column] of [
          ['step_progress', 'step'],
          ['material_checks', 'material'],
        ] as const) {
          await db.schema
            .createTable(table)
            .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
            .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
            .addColumn('project_id', 'integer', (c) => c.notNull())
            .addColumn(column, 'integer', (c) => c.notNull())
            .addColumn('done_at', 'text', (c) => c.notNull())
            .addUniqueConstraint(`${table}_user_project_${column}`, ['user_id', 'project_id', column])
            .addCheckConstraint(`${table}_project_id_range`, sql`project_id between 1 and 9`)
            .addCheckConstraint(`${table}_${column}_range`, sql`${sql.ref(column)} >= 0`)
            .execute();
        }
      },
    },
    '0003_server_secrets': {
      async up(db: Kysely<unknown>) {
        // Secrets every instance must share, generated once (the key that derives a refresh token's successor).
        await db.schema
          .createTable('server_secrets')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '0004_club': {
      async up(db: Kysely<unknown>) {
        // Roles and suspension belong to the account; hiding (moderation) to the public profile.
        await db.schema
          .alterTable('users')
          .addColumn('role', 'text', (c) => c.notNull().defaultTo('member').check(sql`role in ('member', 'admin')`))
          .execute();
        await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
        await db.schema.alterTable('profiles').addColumn('hidden_at', 'text').execute();

        // Who did what to whom, and why. No foreign keys: the record outlives a deleted account.
        await db.schema
          .createTable('audit_log')
          .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
          .addColumn('actor_id', 'text') // null: the command line, or a migration
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target_id', 'text')
          .addColumn('reason', 'text')
          .addColumn('detail', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_log_created_at').on('audit_log').columns(['created_at', 'id']).execute();
        await db.schema.createIndex('audit_log_target_id').on('audit_log').column('target_id').execute();

        // One-time password reset links: only the SHA-256 of the token is kept.
        await db.schema
          .createTable('password_resets')
          .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_by', 'text') // the admin who made the link; null for a link sent by e-mail
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

        await allowDeleteChanges(db, kind, serialKey);
        await rekeyUsernames(db);
      },
    },
    '0005_teachers_and_learners': {
      async up(db: Kysely<unknown>) {
        // Two more roles: `teacher` (runs classes) and `learner` (an account a teacher made, without e-mail).
        await widenRoles(db, kind);
      },
    },
    '0006_classes': {
      async up(db: Kysely<unknown>) {
        // A teacher's class: its join code is its sign-in address (`/c/<code>`), unique on the site.
        await db.schema
          .createTable('classes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('join_code', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('archived_at', 'text')
          .execute();
        await db.schema.createIndex('classes_archived_at').on('classes').column('archived_at').execute();

        // Who teaches a class: its creator and co-teachers. A teacher's account deleted leaves the class.
        await db.schema
          .createTable('class_teachers')
          .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
          .addColumn('teacher_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('added_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('class_teachers_pk', ['class_id', 'teacher_id'])
          .execute();
        await db.schema.createIndex('class_teachers_teacher_id').on('class_teachers').column('teacher_id').execute();

        // A learner: an account of the class (role learner, no e-mail), named by the teacher.
        await db.schema
          .createTable('learners')
          .addColumn('id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('learners_class_id').on('learners').column('class_id').execute();

        // "I'm stuck on step 4": open until the teacher marks it handled.
        await db.schema
          .createTable('help_requests')
          .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
          .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
          .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('project_id', 'integer', (c) => c.notNull())
          .addColumn('step', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('coming_at', 'text')
          .addColumn('handled_at', 'text')
          .addCheckConstraint('help_requests_project_id_range', sql`project_id between 1 and 9`)
          .addCheckConstraint('help_requests_step_range', sql`step >= 0`)
          .execute();
        await db.schema.createIndex('help_requests_class_id').on('help_requests').columns(['class_id', 'id']).execute();
        await db.schema.createIndex('help_requests_learner_id').on('help_requests').column('learner_id').execute();

        // Wake-ups for the teachers' live class pages: which class changed, never what (kept an hour).
        await db.schema
          .createTable('class_events')
          .addColumn('id', serialKey, (c) => c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)))
          .addColumn('class_id', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addCheckConstraint('class_events_kind', sql`kind in ('progress', 'help', 'roster')`)
          .execute();
        await db.schema.createIndex('class_events_created_at').on('class_events').column('created_at').execute();
      },
    },
    '0007_class_community': {
      async up(db: Kysely<unknown>) {
        // A class's own community page for its members: off (0) until a teacher switches it on, so
        // every class made before it stays as private as it was.
        await db.schema
          .alterTable('classes')
          .addColumn('community', 'integer', (c) => c.notNull().defaultTo(0).check(sql`community in (0, 1)`))
          .execute();
      },
    },
    '0008_compiled_sketches': {
      async up(db: Kysely<unknown>) {
        // Compiled learners' sketches, shared by every instance: the same board, source and toolchain
        // (hashed into `key`) are compiled once. Holds no account: a program is nobody's secret once
        // it is keyed by its own text, and whoever asks with the same text may have it.
        await db.schema
          .createTable('compiled_sketches')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('compiled_sketches_used_at').on('compiled_sketches').column('used_at').execute();
      },
    },
    '0009_sketches': {
      async up(db: Kysely<unknown>) {
        // A learner's saved code: their version of a tutorial's sketch (one per tutorial, `circuit` the
        // tutorial's slug) or a named sketch of their own on a circuit ('trainer' or a tutorial's slug).
        await db.schema
          .createTable('sketches')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('circuit', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('revision', 'integer', (c) => c.notNull().check(sql`revision >= 1`))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addCheckConstraint('sketches_kind', sql`kind in ('tutorial', 'own')`)
          .execute();
        await db.schema.createIndex('sketches_user').on('sketches').column('user_id').execute();
        // One version of each tutorial per learner: two devices saving their first version at once make one row.
        await db.schema
          .createIndex('sketches_tutorial_version')
          .on('sketches')
          .columns(['user_id', 'circuit'])
          .unique()
          .where(sql.ref('kind'), '=', 'tutorial')
          .execute();
      },
    },
    '0010_sketch_blocks': {
      async up(db: Kysely<unknown>) {
        // A sketch of one's own made with blocks keeps its Blockly workspace (JSON text) beside the
        // C++ it generates; null for a sketch written as text.
        await db.schema.alterTable('sketches').addColumn('blocks', 'text').execute();
      },
    },
    '0011_help_with_a_sketch': {
      async up(db: Kysely<unknown>) {
        // A learner may ask for help with a sketch of their own (a blocks program, say) rather than a
        // tutorial's step: the request names the sketch, and its tutorial and step become optional.
        await allowHelpWithASketch(db, kind);
      },
    },
  };
}

/**
 * `users.role` may also be `teacher` or `learner`. PostgreSQL changes the check in place; SQLite
 * cannot alter a column's check (and rebuilding `users` would cascade into every table that
 * references it), so a new column takes the values and the old one is dropped.
 */
async function widenRoles(db: Kysely<unknown>, kind: DatabaseKind) {
  const roles = sql`('member', 'teacher', 'admin', 'learner')`;
  if (kind === 'postgres') {
    // Our `users` table's checks first (materialized), then their text: pg_get_constraintdef on a
    // constraint of another schema that a session is dropping fails ("could not open relation").
    const { rows } = await sql<{ name: string }>`
      with own as materialized (
        select con.oid, con.conname from pg_constraint con
        join pg_class rel on rel.oid = con.conrelid
        join pg_namespace ns on ns.oid = rel.relnamespace
        where rel.relname = 'users' and ns.nspname = current_schema() and con.contype = 'c'
      )
      select conname as name from own where pg_get_constraintdef(oid) like '%role%'`.execute(db);
    for (const { name } of rows) await db.schema.alterTable('users').dropConstraint(name).execute();
    await db.schema.alterTable('users').addCheckConstraint('users_role', sql`role in ${roles}`).execute();
    return;
  }
  await db.schema
    .alterTable('users')
    .addColumn('role_next', 'text', (c) => c.notNull().defaultTo('member').check(sql`role_next in ${roles}`))
    .execute();
  await sql`update users set role_next = role`.execute(db);
  await db.schema.alterTable('users').dropColumn('role').execute();
  await db.schema.alterTable('users').renameColumn('role_next', 'role').execute();
}

/**
 * A removal (hidden, suspended, deleted) is a `DELETE` change on the live feed. SQLite cannot
 * alter a check constraint, so there the table is rebuilt with its rows, ids and id sequence.
 */
async function allowDeleteChanges(db: Kysely<unknown>, kind: DatabaseKind, serialKey: 'bigserial' | 'integer') {
  const kinds = sql`kind in ('INSERT', 'UPDATE', 'DELETE')`;
  if (kind === 'postgres') {
    await db.schema.alterTable('profile_changes').dropConstraint('profile_changes_kind').execute();
    await db.schema.alterTable('profile_changes').addCheckConstraint('profile_changes_kind', kinds).execute();
    return;
  }
  const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'profile_changes'`.execute(
    db,
  );
  await db.schema
    .createTable('profile_changes_next')
    .addColumn('id', serialKey, (c) => c.primaryKey().autoIncrement())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('profile_changes_kind', kinds)
    .execute();
  await sql`insert into profile_changes_next (id, profile_id, kind, created_at)
            select id, profile_id, kind, created_at from profile_changes`.execute(db);
  await db.schema.dropTable('profile_changes').execute();
  await db.schema.alterTable('profile_changes_next').renameTo('profile_changes').execute();
  await db.schema.createIndex('profile_changes_created_at').on('profile_changes').column('created_at').execute();
  // Ids never go back, even if every row was pruned: a client's Last-Event-ID must stay in the past.
  const seq = rows[0]?.seq ?? 0;
  await sql`delete from sqlite_sequence where name = 'profile_changes'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
            values ('profile_changes', max(${seq}, coalesce((select max(id) from profile_changes), 0)))`.execute(db);
}

/**
 * Usernames become unique by their look-alike key (`usernameKey`) instead of lower case, and lose
 * invisible characters. Nobody is lost: when two stored names now collide, the older member keeps
 * theirs and the newer one gets a suffix ("ada-2"). Each rename is written to the audit log and as
 * a profile change, so the member's card updates.
 */
async function rekeyUsernames(db: Kysely<unknown>) {
  const { rows } = await sql<{ id: string; username: string }>`
    select id, username from profiles where username is not null order by created_at, id`.execute(db);
  await sql`update profiles set username_key = null`.execute(db);
  const taken = new Set<string>();
  const at = new Date().toISOString();
  for (const { id, username } of rows) {
    const cleaned = withoutInvisibleCharacters(username);
    let name: string | null = [...cleaned].length >= USERNAME_MIN_LENGTH ? cleaned : null;
    for (let n = 2; name !== null && taken.has(usernameKey(name)); n++) {
      const suffix = `-${n}`;
      name = `${[...cleaned].slice(0, USERNAME_MAX_LENGTH - suffix.length).join('')}${suffix}`;
    }
    const key = name === null ? null : usernameKey(name);
    if (key !== null) taken.add(key);
    await sql`update profiles set username = ${name}, username_key = ${key} where id = ${id}`.execute(db);
    if (name === username) continue;
    const reason =
      name === null
        ? 'Username cleared: nothing visible was left of it'
        : cleaned === username
          ? 'Username looked like an older member’s: suffix added'
          : 'Invisible characters removed from the username';
    await sql`insert into audit_log (actor_id, action, target_id, reason, detail, created_at)
              values (null, 'rename_username', ${id}, ${reason}, ${JSON.stringify({ from: username, to: name })}, ${at})`.execute(
      db,
    );
    await sql`insert into profile_changes (profile_id, kind, created_at) values (${id}, 'UPDATE', ${at})`.execute(db);
  }
}
