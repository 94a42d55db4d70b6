import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseKind } from './database.ts';

/**
 * One set of migrations for both databases. The only dialect difference is how an
 * auto-incrementing key is spelled; everything else is portable SQL.
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
  };
}
