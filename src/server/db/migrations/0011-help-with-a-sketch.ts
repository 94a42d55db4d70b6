import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from './migrations.ts';

/**
 * `help_requests` gains `sketch_id`; `project_id` and `step` may be null (both or neither), and a
 * request names a tutorial step or a sketch. PostgreSQL changes the columns in place; SQLite cannot
 * drop a NOT NULL, so the table (which nothing references) is rebuilt with its rows and indexes.
 */
export async function allowHelpWithASketch(db: Kysely<unknown>, kind: DatabaseKind) {
  const place = sql`(project_id is null) = (step is null) and (project_id is not null or sketch_id is not null)`;
  if (kind === 'postgres') {
    await db.schema.alterTable('help_requests').addColumn('sketch_id', 'text').execute();
    await db.schema
      .alterTable('help_requests')
      .alterColumn('project_id', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable('help_requests')
      .alterColumn('step', (c) => c.dropNotNull())
      .execute();
    await db.schema.alterTable('help_requests').addCheckConstraint('help_requests_place', place).execute();
    return;
  }
  await db.schema
    .createTable('help_requests_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer')
    .addColumn('step', 'integer')
    .addColumn('sketch_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('coming_at', 'text')
    .addColumn('handled_at', 'text')
    .addCheckConstraint('help_requests_project_id_range', sql`project_id between 1 and 9`)
    .addCheckConstraint('help_requests_step_range', sql`step >= 0`)
    .addCheckConstraint('help_requests_place', place)
    .execute();
  await sql`insert into help_requests_next (id, class_id, learner_id, project_id, step, created_at, coming_at, handled_at)
    select id, class_id, learner_id, project_id, step, created_at, coming_at, handled_at from help_requests`.execute(
    db,
  );
  await db.schema.dropTable('help_requests').execute();
  await db.schema.alterTable('help_requests_next').renameTo('help_requests').execute();
  await db.schema.createIndex('help_requests_class_id').on('help_requests').columns(['class_id', 'id']).execute();
  await db.schema.createIndex('help_requests_learner_id').on('help_requests').column('learner_id').execute();
}
