import type { Database } from '../../database.ts';
import { type Executor, inTransaction } from '../../transaction.ts';
import { classEventRecorder } from './events.ts';

/** Progress as a class's teachers see it: the grid's counts, one learner's ticks, and the grid's wake-ups. */
export function classProgressRepository(database: Database) {
  const { db } = database;
  const recordEvent = classEventRecorder(database);

  return {
    /** Per learner and tutorial: steps done, materials at hand, and the last tick's time. */
    async progressCounts(
      classId: string,
      countsStep: (projectId: number, index: number) => boolean,
      trx: Executor = db,
    ) {
      // Each step tick, so only the steps to do count (a tick kept for a step that became a safety warning does not).
      const stepTicks = await trx
        .selectFrom('step_progress as t')
        .innerJoin('learners as l', 'l.id', 't.user_id')
        .select(['t.user_id', 't.project_id', 't.step', 't.done_at'])
        .where('l.class_id', '=', classId)
        .execute();
      const steps = new Map<string, { user_id: string; project_id: number; n: number; last: string | null }>();
      for (const tick of stepTicks) {
        if (!countsStep(tick.project_id, tick.step)) continue;
        const key = `${tick.user_id}:${tick.project_id}`;
        const row = steps.get(key) ?? { user_id: tick.user_id, project_id: tick.project_id, n: 0, last: null };
        row.n++;
        if (row.last === null || tick.done_at > row.last) row.last = tick.done_at;
        steps.set(key, row);
      }
      const materials = await trx
        .selectFrom('material_checks as t')
        .innerJoin('learners as l', 'l.id', 't.user_id')
        .select((eb) => ['t.user_id', 't.project_id', eb.fn.countAll().as('n'), eb.fn.max('t.done_at').as('last')])
        .where('l.class_id', '=', classId)
        .groupBy(['t.user_id', 't.project_id'])
        .execute();
      const parse = (rows: readonly { user_id: string; project_id: number; n: unknown; last: unknown }[]) =>
        rows.map((row) => ({
          learnerId: row.user_id,
          projectId: row.project_id,
          count: Number(row.n),
          last: typeof row.last === 'string' ? row.last : null,
        }));
      return { steps: parse([...steps.values()]), materials: parse(materials) };
    },

    /** A learner's ticks, oldest first: what a teacher sees when a cell of the grid opens. */
    async learnerTicks(learnerId: string, trx: Executor = db) {
      const ticks = async (table: 'step_progress' | 'material_checks', column: 'step' | 'material') =>
        (
          await trx
            .selectFrom(table)
            .select(['project_id', `${column} as index`, 'done_at'])
            .where('user_id', '=', learnerId)
            .orderBy('done_at')
            .orderBy('id')
            .execute()
        ).map((row) => ({ project_id: row.project_id, index: Number(row.index), done_at: row.done_at }));
      return { steps: await ticks('step_progress', 'step'), materials: await ticks('material_checks', 'material') };
    },

    /** A learner ticked or unticked: their teachers' grids read again. */
    async learnerProgressed(learnerId: string, now = new Date(), trx: Executor = db) {
      await inTransaction(trx, async (tx) => {
        const place = await tx.selectFrom('learners').select('class_id').where('id', '=', learnerId).executeTakeFirst();
        if (place) await recordEvent(place.class_id, 'progress', now, tx);
      });
    },
  };
}
