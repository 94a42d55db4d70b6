import type { Database } from '../../database.ts';
import { type Executor, inTransaction } from '../../transaction.ts';
import { classEventRecorder } from './events.ts';

/** Where a learner is stuck: a tutorial's step, or a sketch of their own. */
export type HelpPlace = { projectId: number; step: number } | { sketchId: string };

/** The help queue (product D16): a learner's "I'm stuck", and their teachers' answers. */
export function helpRequestsRepository(database: Database) {
  const { db } = database;
  const recordEvent = classEventRecorder(database);

  return {
    /**
     * "I'm stuck": a learner has one open request at a time, so asking again replaces the earlier one.
     * `place` is a tutorial's step, or a sketch of their own (the caller checks it is theirs).
     */
    async askForHelp(learnerId: string, place: HelpPlace, now = new Date(), trx: Executor = db) {
      return inTransaction(trx, async (tx) => {
        const learner = await tx
          .selectFrom('learners')
          .select('class_id')
          .where('id', '=', learnerId)
          .executeTakeFirst();
        if (!learner) return false;
        const at = now.toISOString();
        await tx
          .updateTable('help_requests')
          .set({ handled_at: at })
          .where('learner_id', '=', learnerId)
          .where('handled_at', 'is', null)
          .execute();
        await tx
          .insertInto('help_requests')
          .values({
            class_id: learner.class_id,
            learner_id: learnerId,
            ...('sketchId' in place
              ? { project_id: null, step: null, sketch_id: place.sketchId }
              : { project_id: place.projectId, step: place.step, sketch_id: null }),
            created_at: at,
          })
          .execute();
        await recordEvent(learner.class_id, 'help', now, tx);
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
        .select(['project_id', 'step', 'sketch_id', 'created_at', 'coming_at'])
        .where('learner_id', '=', learnerId)
        .where('handled_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** Who is waiting, oldest first, with the name of the sketch each asked about (if it is still theirs). */
    async helpQueue(classId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('help_requests as h')
        .innerJoin('learners as l', 'l.id', 'h.learner_id')
        .leftJoin('sketches as s', (join) =>
          join.onRef('s.id', '=', 'h.sketch_id').onRef('s.user_id', '=', 'h.learner_id').on('s.kind', '=', 'own'),
        )
        .select(['h.id', 'h.learner_id', 'l.display_name', 'h.project_id', 'h.step', 'h.created_at', 'h.coming_at'])
        .select(['s.id as sketch_id', 's.name as sketch_name'])
        .select((eb) => eb('s.blocks', 'is not', null).as('with_blocks'))
        .where('h.class_id', '=', classId)
        .where('h.handled_at', 'is', null)
        .orderBy('h.id')
        .execute();
      return rows.map(({ sketch_id, sketch_name, with_blocks, ...help }) => ({
        ...help,
        sketch:
          sketch_id === null || sketch_name === null
            ? null
            : { id: sketch_id, name: sketch_name, made_with: with_blocks ? ('blocks' as const) : ('code' as const) },
      }));
    },

    /**
     * The sketch a waiting learner of this class asked about, for its teachers to read: only while the
     * request is open, and only if the sketch is still the learner's own. Undefined otherwise.
     */
    helpSketch(classId: string, requestId: number, trx: Executor = db) {
      return trx
        .selectFrom('help_requests as h')
        .innerJoin('sketches as s', (join) =>
          join.onRef('s.id', '=', 'h.sketch_id').onRef('s.user_id', '=', 'h.learner_id').on('s.kind', '=', 'own'),
        )
        .select(['s.id', 's.name', 's.circuit', 's.source', 's.updated_at'])
        .select((eb) => eb('s.blocks', 'is not', null).as('with_blocks'))
        .where('h.id', '=', requestId)
        .where('h.class_id', '=', classId)
        .where('h.handled_at', 'is', null)
        .executeTakeFirst();
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
