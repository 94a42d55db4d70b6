import type { Database } from '../../database.ts';
import { type Executor, inTransaction } from '../../transaction.ts';
import { auditLogRepository } from '../audit-log.ts';
import { classEventRecorder } from './events.ts';

/** A class's community page (product D18): the switch its teachers turn, and who is on it. */
export function classCommunityRepository(database: Database) {
  const { db } = database;
  const auditLog = auditLogRepository(database);
  const recordEvent = classEventRecorder(database);

  return {
    /**
     * Opens the class's community page to its learners, or closes it (product D18). Recorded only when
     * it changes; the class's other teachers' pages read the class again.
     */
    async setCommunity(actorId: string, classId: string, open: boolean, now = new Date(), trx: Executor = db) {
      await inTransaction(trx, async (tx) => {
        const before = await tx.selectFrom('classes').select('community').where('id', '=', classId).executeTakeFirst();
        if (!before || (before.community === 1) === open) return;
        await tx
          .updateTable('classes')
          .set({ community: open ? 1 : 0, updated_at: now.toISOString() })
          .where('id', '=', classId)
          .execute();
        await auditLog.record(
          { actorId, action: open ? 'open_class_community' : 'close_class_community', targetId: classId },
          now,
          tx,
        );
        await recordEvent(classId, 'roster', now, tx);
      });
    },

    /**
     * Who is in the class, for its community page (product D18): its teachers (username only, never
     * an e-mail) as they were added, then its learners (shown name only) by name. Undefined when no
     * such class. Who may read it is the route's to decide.
     */
    async community(classId: string, trx: Executor = db) {
      const found = await trx
        .selectFrom('classes')
        .select(['name', 'community', 'archived_at'])
        .where('id', '=', classId)
        .executeTakeFirst();
      if (!found) return undefined;
      const teachers = await trx
        .selectFrom('class_teachers as t')
        .innerJoin('profiles as p', 'p.id', 't.teacher_id')
        .select(['t.teacher_id as id', 'p.username', 't.added_at'])
        .where('t.class_id', '=', classId)
        .orderBy('t.added_at')
        .orderBy('t.teacher_id')
        .execute();
      const learners = await trx
        .selectFrom('learners')
        .select(['id', 'display_name', 'created_at'])
        .where('class_id', '=', classId)
        .orderBy('display_name')
        .orderBy('id')
        .execute();
      return {
        name: found.name,
        open: found.community === 1,
        archived: found.archived_at !== null,
        teachers,
        learners,
      };
    },
  };
}
