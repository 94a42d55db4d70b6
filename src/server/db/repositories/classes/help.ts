import type { Database } from '../../database.ts';
import { type Executor, inTransaction } from '../../transaction.ts';
import { classEventRecorder } from './events.ts';

/** The help queue (product D16): a learner's "I'm stuck", and their teachers' answers. */
export function helpRequestsRepository(database: Database) {
  const { db } = database;
  const recordEvent = classEventRecorder(database);

  return {
    /** "I'm stuck": a learner has one open request at a time, so asking again replaces the earlier one. */
    async askForHelp(learnerId: string, projectId: number, step: number, now = new Date(), trx: Executor = db) {
      return inTransaction(trx, async (tx) => {
        const place = await tx.selectFrom('learners').select('class_id').where('id', '=', learnerId).executeTakeFirst();
        if (!place) return false;
        const at = now.toISOString();
        await tx
          .updateTable('help_requests')
          .set({ handled_at: at })
          .where('learner_id', '=', learnerId)
          .where('handled_at', 'is', null)
          .execute();
        await tx
          .insertInto('help_requests')
          .values({ class_id: place.class_id, learner_id: learnerId, project_id: projectId, step, created_at: at })
          .execute();
        await recordEvent(place.class_id, 'help', now, tx);
        return true;
      });
    },

    /** The learner no longer needs help (solved it themselves). */
    async withdrawHelp(learnerId: string, now = new Date(), trx: Executor = db) {
      await inTransaction(trx, async (tx) => {
        const closed = await tx
          .updateTable('help_requests')
          .set({ handled_at: now.toISOString() })
          .where('learner_id', '=', learnerId)
          .where('handled_at', 'is', null)
          .returning('class_id')
          .execute();
        const classId = closed[0]?.class_id;
        if (classId) await recordEvent(classId, 'help', now, tx);
      });
    },

    /** The learner's open request, or the one their teacher is coming to. */
    openHelpOf(learnerId: string, trx: Executor = db) {
      return trx
        .selectFrom('help_requests')
        .select(['project_id', 'step', 'created_at', 'coming_at'])
        .where('learner_id', '=', learnerId)
        .where('handled_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** Who is waiting, oldest first. */
    helpQueue(classId: string, trx: Executor = db) {
      return trx
        .selectFrom('help_requests as h')
        .innerJoin('learners as l', 'l.id', 'h.learner_id')
        .select(['h.id', 'h.learner_id', 'l.display_name', 'h.project_id', 'h.step', 'h.created_at', 'h.coming_at'])
        .where('h.class_id', '=', classId)
        .where('h.handled_at', 'is', null)
        .orderBy('h.id')
        .execute();
    },

    /** The teacher is coming, or it is handled (it leaves the queue). False when no such open request. */
    async answerHelp(
      classId: string,
      requestId: number,
      state: 'coming' | 'handled',
      now = new Date(),
      trx: Executor = db,
    ): Promise<boolean> {
      return inTransaction(trx, async (tx) => {
        const at = now.toISOString();
        const updated = await tx
          .updateTable('help_requests')
          .set(state === 'coming' ? { coming_at: at } : { handled_at: at })
          .where('id', '=', requestId)
          .where('class_id', '=', classId)
          .where('handled_at', 'is', null)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return false;
        await recordEvent(classId, 'help', now, tx);
        return true;
      });
    },
  };
}
