import { randomUUID } from 'node:crypto';
import { CLASS_SIGN_IN_PATH } from '#shared/constants.ts';
import type { ClassSummary } from '#shared/schemas/classes.ts';
import type { Database } from '../../database.ts';
import type { Role } from '../../schema.ts';
import { type Executor, inTransaction } from '../../transaction.ts';
import { auditLogRepository } from '../audit-log.ts';
import { sessionsRepository } from '../sessions.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import { classEventRecorder } from './events.ts';
import { deleteLearnerAccounts } from './learners.ts';

/** Who is asking, as `requireTeacher` answers it: administrators see and run every class. */
export interface ClassCaller {
  readonly userId: string;
  readonly role: Role;
}

const DAY_MS = 86_400_000;

/**
 * Classes and their teachers (product §3 Class, D16): created, listed, renamed, archived, deleted
 * (with their learners' accounts), and co-teachers added and removed. Every change is audited in
 * its own transaction.
 */
export function classRecordsRepository(database: Database) {
  const { db } = database;
  const auditLog = auditLogRepository(database);
  const sessions = sessionsRepository(database);
  const recordEvent = classEventRecorder(database);

  const summaries = (trx: Executor) =>
    trx
      .selectFrom('classes as c')
      .select((eb) => [
        'c.id',
        'c.name',
        'c.join_code',
        'c.created_at',
        'c.archived_at',
        'c.community',
        eb
          .selectFrom('learners as l')
          .select(eb.fn.countAll().as('n'))
          .whereRef('l.class_id', '=', 'c.id')
          .as('learners'),
      ]);

  async function withTeachers(
    rows: Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>,
    retentionDays: number,
    trx: Executor,
  ): Promise<ClassSummary[]> {
    if (rows.length === 0) return [];
    const teachers = await trx
      .selectFrom('class_teachers as t')
      .innerJoin('users as u', 'u.id', 't.teacher_id')
      .innerJoin('profiles as p', 'p.id', 't.teacher_id')
      .select(['t.class_id', 'u.id', 'u.email', 'p.username'])
      .where(
        't.class_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('t.added_at')
      .orderBy('u.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      join_code: row.join_code,
      sign_in_path: `${CLASS_SIGN_IN_PATH}/${row.join_code}`,
      created_at: row.created_at,
      archived_at: row.archived_at,
      delete_after:
        row.archived_at === null ? null : new Date(Date.parse(row.archived_at) + retentionDays * DAY_MS).toISOString(),
      learner_count: Number(row.learners ?? 0),
      teachers: teachers
        .filter((teacher) => teacher.class_id === row.id)
        .map((teacher) => ({
          id: teacher.id,
          email: teacher.email,
          name: teacher.username ?? teacher.email.split('@')[0] ?? teacher.email,
        })),
      community: row.community === 1,
    }));
  }

  async function deleteClass(classId: string, tx: Executor) {
    const learners = await tx.selectFrom('learners').select('id').where('class_id', '=', classId).execute();
    await deleteLearnerAccounts(
      learners.map((learner) => learner.id),
      tx,
    );
    const result = await tx.deleteFrom('classes').where('id', '=', classId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  return {
    /** A new class with a fresh join code, taught by its creator. */
    async create(teacherId: string, name: string, joinCodes: () => string, now = new Date(), trx: Executor = db) {
      const at = now.toISOString();
      for (let attempt = 0; ; attempt++) {
        const id = randomUUID();
        const joinCode = joinCodes();
        try {
          await inTransaction(trx, async (tx) => {
            await tx
              .insertInto('classes')
              .values({ id, name, join_code: joinCode, created_at: at, updated_at: at, archived_at: null })
              .execute();
            await tx
              .insertInto('class_teachers')
              .values({ class_id: id, teacher_id: teacherId, added_at: at })
              .execute();
            await auditLog.record({ actorId: teacherId, action: 'create_class', targetId: id }, now, tx);
          });
          return id;
        } catch (error) {
          // Two classes drew the same code (about one in 6.6 × 10^11): draw again.
          if (!isUniqueViolation(error) || attempt >= 4 || trx.isTransaction) throw error;
        }
      }
    },

    /** The classes the caller teaches; every class for an administrator. Newest first. */
    async list(caller: ClassCaller, retentionDays: number, trx: Executor = db): Promise<ClassSummary[]> {
      const rows = await summaries(trx)
        .$if(caller.role !== 'admin', (query) =>
          query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('class_teachers as t')
                .select('t.class_id')
                .whereRef('t.class_id', '=', 'c.id')
                .where('t.teacher_id', '=', caller.userId),
            ),
          ),
        )
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
      return withTeachers(rows, retentionDays, trx);
    },

    async summary(classId: string, retentionDays: number, trx: Executor = db): Promise<ClassSummary | undefined> {
      const rows = await summaries(trx).where('c.id', '=', classId).execute();
      return (await withTeachers(rows, retentionDays, trx))[0];
    },

    /** Whether the caller may see and run the class: one of its teachers, or an administrator. */
    async canTeach(classId: string, caller: ClassCaller, trx: Executor = db): Promise<boolean> {
      if (caller.role === 'admin') {
        return (
          (await trx.selectFrom('classes').select('id').where('id', '=', classId).executeTakeFirst()) !== undefined
        );
      }
      if (caller.role !== 'teacher') return false;
      const row = await trx
        .selectFrom('class_teachers')
        .select('class_id')
        .where('class_id', '=', classId)
        .where('teacher_id', '=', caller.userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async rename(actorId: string, classId: string, name: string, now = new Date(), trx: Executor = db) {
      await inTransaction(trx, async (tx) => {
        const before = await tx.selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirst();
        if (!before || before.name === name) return;
        await tx
          .updateTable('classes')
          .set({ name, updated_at: now.toISOString() })
          .where('id', '=', classId)
          .execute();
        await auditLog.record(
          { actorId, action: 'rename_class', targetId: classId, detail: { from: before.name, to: name } },
          now,
          tx,
        );
      });
    },

    /**
     * Archives (its learners are signed out and cannot sign in; the data are kept for the retention)
     * or brings the class back. Recorded only when it changes.
     */
    async setArchived(actorId: string, classId: string, archived: boolean, now = new Date(), trx: Executor = db) {
      await inTransaction(trx, async (tx) => {
        const before = await tx
          .selectFrom('classes')
          .select('archived_at')
          .where('id', '=', classId)
          .executeTakeFirst();
        if (!before || (before.archived_at !== null) === archived) return;
        const at = now.toISOString();
        await tx
          .updateTable('classes')
          .set({ archived_at: archived ? at : null, updated_at: at })
          .where('id', '=', classId)
          .execute();
        if (archived) {
          const learners = await tx.selectFrom('learners').select('id').where('class_id', '=', classId).execute();
          for (const learner of learners) await sessions.revokeAll(learner.id, tx);
        }
        await auditLog.record(
          { actorId, action: archived ? 'archive_class' : 'restore_class', targetId: classId },
          now,
          tx,
        );
        await recordEvent(classId, 'roster', now, tx);
      });
    },

    /** The class and everything of its learners, in one transaction. The log keeps the class's id. */
    delete(actorId: string | null, classId: string, now = new Date(), trx: Executor = db): Promise<boolean> {
      return inTransaction(trx, async (tx) => {
        const learnerCount = await tx
          .selectFrom('learners')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('class_id', '=', classId)
          .executeTakeFirstOrThrow();
        if (!(await deleteClass(classId, tx))) return false;
        await auditLog.record(
          {
            actorId,
            action: actorId === null ? 'purge_class' : 'delete_class',
            targetId: classId,
            detail: { learners: String(learnerCount.n) },
          },
          now,
          tx,
        );
        return true;
      });
    },

    /** Archived classes whose retention has run out, oldest first (`archived_at` before the cut-off). */
    async expired(cutoff: Date, trx: Executor = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('classes')
        .select('id')
        .where('archived_at', 'is not', null)
        .where('archived_at', '<', cutoff.toISOString())
        .orderBy('archived_at')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Adds a co-teacher by e-mail: `not_found` when no account uses it, `not_teacher` when it is
     * neither a teacher nor an administrator.
     */
    async addTeacher(
      actorId: string,
      classId: string,
      email: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<'added' | 'not_found' | 'not_teacher'> {
      return inTransaction(trx, async (tx) => {
        const user = await tx.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
        if (!user) return 'not_found';
        if (user.role !== 'teacher' && user.role !== 'admin') return 'not_teacher';
        const inserted = await tx
          .insertInto('class_teachers')
          .values({ class_id: classId, teacher_id: user.id, added_at: now.toISOString() })
          .onConflict((conflict) => conflict.columns(['class_id', 'teacher_id']).doNothing())
          .returning('teacher_id')
          .executeTakeFirst();
        if (inserted) {
          await auditLog.record(
            { actorId, action: 'add_co_teacher', targetId: user.id, detail: { class_id: classId } },
            now,
            tx,
          );
        }
        return 'added';
      });
    },

    /** Removes a teacher from the class: `last` when they are its only one (the class would be nobody's). */
    async removeTeacher(
      actorId: string,
      classId: string,
      teacherId: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<'removed' | 'not_found' | 'last'> {
      return inTransaction(trx, async (tx) => {
        const teachers = await tx
          .selectFrom('class_teachers')
          .select('teacher_id')
          .where('class_id', '=', classId)
          .execute();
        if (!teachers.some((teacher) => teacher.teacher_id === teacherId)) return 'not_found';
        if (teachers.length === 1) return 'last';
        await tx
          .deleteFrom('class_teachers')
          .where('class_id', '=', classId)
          .where('teacher_id', '=', teacherId)
          .execute();
        await auditLog.record(
          { actorId, action: 'remove_co_teacher', targetId: teacherId, detail: { class_id: classId } },
          now,
          tx,
        );
        return 'removed';
      });
    },
  };
}
