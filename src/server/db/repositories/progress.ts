import type { ProgressKind, ProgressTick } from '#shared/schemas/progress.ts';
import type { Database } from '../database.ts';
import type { Executor } from '../transaction.ts';

/** Where each kind of tick is kept: steps in `step_progress`, materials in `material_checks`. */
const TABLES = {
  steps: { table: 'step_progress', column: 'step' },
  materials: { table: 'material_checks', column: 'material' },
} as const;

/** A learner's own ticks on the tutorial pages: every method is scoped to one user id. */
export function progressRepository({ db }: Database) {
  async function list(userId: string, kind: ProgressKind, trx: Executor): Promise<ProgressTick[]> {
    const { table, column } = TABLES[kind];
    const rows = await trx
      .selectFrom(table)
      .select(['project_id', `${column} as index`, 'done_at'])
      .where('user_id', '=', userId)
      .orderBy('done_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ project_id: row.project_id, index: Number(row.index), done_at: row.done_at }));
  }

  return {
    async list(userId: string, trx: Executor = db) {
      return { steps: await list(userId, 'steps', trx), materials: await list(userId, 'materials', trx) };
    },

    /** Ticks an item once: ticking it again (another tab, a replayed offline queue) keeps the first time. */
    async tick(
      userId: string,
      kind: ProgressKind,
      projectId: number,
      index: number,
      now = new Date(),
      trx: Executor = db,
    ): Promise<{ tick: ProgressTick; created: boolean }> {
      const { table, column } = TABLES[kind];
      const inserted = await trx
        .insertInto(table)
        // The column name is one of two (TABLES), which Kysely's types cannot follow through a computed key.
        .values({ user_id: userId, project_id: projectId, [column]: index, done_at: now.toISOString() } as never)
        .onConflict((conflict) => conflict.columns(['user_id', 'project_id', column]).doNothing())
        .returning(['done_at'])
        .executeTakeFirst();
      if (inserted) return { tick: { project_id: projectId, index, done_at: inserted.done_at }, created: true };
      const existing = await trx
        .selectFrom(table)
        .select('done_at')
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where(column, '=', index)
        .executeTakeFirstOrThrow();
      return { tick: { project_id: projectId, index, done_at: existing.done_at }, created: false };
    },

    async untick(userId: string, kind: ProgressKind, projectId: number, index: number, trx: Executor = db) {
      const { table, column } = TABLES[kind];
      await trx
        .deleteFrom(table)
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where(column, '=', index)
        .execute();
    },
  };
}
