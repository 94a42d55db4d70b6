import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CLASS_SIGN_IN_PATH } from '#shared/constants.ts';
import type { ClassSummary, LearnerExport } from '#shared/schemas/classes.ts';
import type { Database } from '../database.ts';
import type { ClassEventKind, Role } from '../schema.ts';
import { afterCommit, type Executor, inTransaction } from '../transaction.ts';
import { usernameKey } from '../username-key.ts';
import { auditLogRepository } from './audit-log.ts';
import { sessionsRepository } from './sessions.ts';
import { isUniqueViolation } from './unique-violation.ts';

/** The channel every instance LISTENs on for class events; a notification carries only the class id. */
export const CLASS_EVENTS_CHANNEL = 'roboforge_class_events';
/** Orders class events on PostgreSQL as `profile_changes` are ordered: a reader that saw id N saw all below. */
const CLASS_EVENT_ORDER_LOCK = 727_070_002;
/** The most class events `eventsAfter` answers at once. */
export const CLASS_EVENTS_PAGE_SIZE = 1000;

/** Who is asking, as `requireTeacher` answers it: administrators see and run every class. */
export interface ClassCaller {
  readonly userId: string;
  readonly role: Role;
}

/** A learner about to be added: the secret is already hashed (argon2id takes time: never inside the transaction). */
export interface NewLearner {
  readonly displayName: string;
  readonly username: string;
  readonly secretHash: string;
}

const DAY_MS = 86_400_000;

/**
 * Classes, their teachers and learners, progress as their teachers see it, and the help queue
 * (product §3 Class, D16). Every change a teacher makes is audited in its own transaction, and
 * every change a class's teachers should see live records a class event (which class, what kind,
 * nothing else) that wakes their open pages after commit.
 */
export function classesRepository(database: Database) {
  const { db, kind } = database;
  const auditLog = auditLogRepository(database);
  const sessions = sessionsRepository(database);

  /** A wake-up for the class's teachers' pages, committed with the change it announces. */
  async function recordEvent(classId: string, eventKind: ClassEventKind, now: Date, tx: Executor) {
    if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${CLASS_EVENT_ORDER_LOCK})`.execute(tx);
    await tx
      .insertInto('class_events')
      .values({ class_id: classId, kind: eventKind, created_at: now.toISOString() })
      .execute();
    if (kind === 'postgres') await sql`select pg_notify(${CLASS_EVENTS_CHANNEL}, ${classId})`.execute(tx);
    if (tx.isTransaction) afterCommit(tx as Parameters<typeof afterCommit>[0], database.classCommits.emit);
  }

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

  /** Deletes the learners' accounts (their profiles, progress, bookmarks, sessions, help go with them). */
  async function deleteLearnerAccounts(ids: readonly string[], tx: Executor) {
    if (ids.length === 0) return;
    // Not through the profiles repository: a learner was never on the public feed, so nothing is announced.
    await tx.deleteFrom('users').where('id', 'in', ids).where('role', '=', 'learner').execute();
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

    async learnerCount(classId: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('learners')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('class_id', '=', classId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Which of these usernames are taken on the site (ignoring case and look-alikes, as profiles do). */
    async takenUsernames(usernames: readonly string[], trx: Executor = db): Promise<Set<string>> {
      if (usernames.length === 0) return new Set();
      const keys = new Map(usernames.map((username) => [usernameKey(username), username]));
      const rows = await trx
        .selectFrom('profiles')
        .select('username_key')
        .where('username_key', 'in', [...keys.keys()])
        .execute();
      return new Set(rows.map((row) => keys.get(row.username_key ?? '') ?? ''));
    },

    /**
     * The learners' accounts (role learner, no e-mail: the account's e-mail column holds a
     * placeholder that is no address), their profiles (a username, never listed) and their places
     * in the class, in one transaction. Null when a username was taken meanwhile (draw again).
     */
    async addLearners(
      actorId: string,
      classId: string,
      learners: readonly NewLearner[],
      now = new Date(),
      trx: Executor = db,
    ): Promise<string[] | null> {
      const at = now.toISOString();
      try {
        return await inTransaction(trx, async (tx) => {
          const ids: string[] = [];
          for (const learner of learners) {
            const id = randomUUID();
            ids.push(id);
            await tx
              .insertInto('users')
              .values({
                id,
                email: `learner:${id}`,
                password_hash: learner.secretHash,
                role: 'learner',
                created_at: at,
                updated_at: at,
                suspended_at: null,
              })
              .execute();
            await tx
              .insertInto('profiles')
              .values({
                id,
                username: learner.username,
                username_key: usernameKey(learner.username),
                bio: null,
                avatar_url: null,
                email: null,
                created_at: at,
                updated_at: at,
              })
              .execute();
            await tx
              .insertInto('learners')
              .values({ id, class_id: classId, display_name: learner.displayName, created_at: at })
              .execute();
          }
          await auditLog.record(
            { actorId, action: 'add_learners', targetId: classId, detail: { count: String(learners.length) } },
            now,
            tx,
          );
          await recordEvent(classId, 'roster', now, tx);
          return ids;
        });
      } catch (error) {
        if (isUniqueViolation(error) && !trx.isTransaction) return null;
        throw error;
      }
    },

    /** The class's learners, by name, with when each last ticked anything. */
    async learners(classId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('learners as l')
        .innerJoin('profiles as p', 'p.id', 'l.id')
        .select(['l.id', 'l.display_name', 'p.username', 'l.created_at'])
        .where('l.class_id', '=', classId)
        .orderBy('l.display_name')
        .orderBy('l.id')
        .execute();
      const { steps, materials } = await this.progressCounts(classId, () => true, trx);
      const last = new Map<string, string>();
      for (const tick of [...steps, ...materials]) {
        const seen = last.get(tick.learnerId);
        if (tick.last !== null && (seen === undefined || tick.last > seen)) last.set(tick.learnerId, tick.last);
      }
      return rows.map((row) => ({
        id: row.id,
        display_name: row.display_name,
        username: row.username ?? '',
        created_at: row.created_at,
        last_activity: last.get(row.id) ?? null,
      }));
    },

    /** A learner of this class (its teachers' calls name both), or undefined. */
    findLearner(classId: string, learnerId: string, trx: Executor = db) {
      return trx
        .selectFrom('learners as l')
        .innerJoin('profiles as p', 'p.id', 'l.id')
        .innerJoin('classes as c', 'c.id', 'l.class_id')
        .select(['l.id', 'l.display_name', 'p.username', 'l.created_at', 'c.name as class_name', 'l.class_id'])
        .where('l.class_id', '=', classId)
        .where('l.id', '=', learnerId)
        .executeTakeFirst();
    },

    /** The class a learner belongs to, for the learner's own calls. */
    classOfLearner(learnerId: string, trx: Executor = db) {
      return trx
        .selectFrom('learners as l')
        .innerJoin('classes as c', 'c.id', 'l.class_id')
        .select(['c.id', 'c.name', 'c.archived_at', 'c.community', 'l.display_name'])
        .where('l.id', '=', learnerId)
        .executeTakeFirst();
    },

    async renameLearner(
      actorId: string,
      classId: string,
      learnerId: string,
      displayName: string,
      now = new Date(),
      trx: Executor = db,
    ) {
      await inTransaction(trx, async (tx) => {
        await tx
          .updateTable('learners')
          .set({ display_name: displayName })
          .where('id', '=', learnerId)
          .where('class_id', '=', classId)
          .execute();
        await auditLog.record({ actorId, action: 'rename_learner', targetId: learnerId }, now, tx);
        await recordEvent(classId, 'roster', now, tx);
      });
    },

    /** New secret words: the old ones stop at once and every session of the learner ends. */
    async resetSecret(
      actorId: string,
      learnerId: string,
      secretHash: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<void> {
      await inTransaction(trx, async (tx) => {
        await tx
          .updateTable('users')
          .set({ password_hash: secretHash, updated_at: now.toISOString() })
          .where('id', '=', learnerId)
          .where('role', '=', 'learner')
          .execute();
        await sessions.revokeAll(learnerId, tx);
        await auditLog.record({ actorId, action: 'reset_learner_secret', targetId: learnerId }, now, tx);
      });
    },

    async recordUnlock(actorId: string, learnerId: string, now = new Date(), trx: Executor = db) {
      await auditLog.record({ actorId, action: 'unlock_learner', targetId: learnerId }, now, trx);
    },

    /** Everything stored of a learner but secrets, for their teacher or an administrator to hand over. */
    async exportLearner(
      actorId: string,
      classId: string,
      learnerId: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<Omit<LearnerExport, 'sketches'> | undefined> {
      return inTransaction(trx, async (tx) => {
        const learner = await this.findLearner(classId, learnerId, tx);
        if (!learner) return undefined;
        const bookmarks = await tx
          .selectFrom('bookmarks')
          .select(['project_id', 'created_at'])
          .where('user_id', '=', learnerId)
          .orderBy('created_at')
          .execute();
        const help = await tx
          .selectFrom('help_requests')
          .select(['project_id', 'step', 'created_at', 'handled_at'])
          .where('learner_id', '=', learnerId)
          .orderBy('id')
          .execute();
        const live = await sessions.listActive(learnerId, now, tx);
        await auditLog.record({ actorId, action: 'export_learner', targetId: learnerId }, now, tx);
        return {
          exported_at: now.toISOString(),
          learner: {
            id: learner.id,
            display_name: learner.display_name,
            username: learner.username ?? '',
            class_name: learner.class_name,
            created_at: learner.created_at,
          },
          bookmarks,
          progress: await this.learnerTicks(learnerId, tx),
          help_requests: help,
          sessions: live.map((session) => ({ started_at: session.started_at, ends_at: session.ends_at })),
        };
      });
    },

    /** The learner and everything of theirs; the log keeps the id. */
    deleteLearner(actorId: string, classId: string, learnerId: string, now = new Date(), trx: Executor = db) {
      return inTransaction(trx, async (tx) => {
        if (!(await this.findLearner(classId, learnerId, tx))) return false;
        await deleteLearnerAccounts([learnerId], tx);
        await auditLog.record(
          { actorId, action: 'delete_learner', targetId: learnerId, detail: { class_id: classId } },
          now,
          tx,
        );
        await recordEvent(classId, 'roster', now, tx);
        return true;
      });
    },

    /** The sign-in page of a class by its code: its name, whether archived, and its learners' names. */
    async signInPage(joinCode: string, trx: Executor = db) {
      const found = await trx
        .selectFrom('classes')
        .select(['id', 'name', 'archived_at'])
        .where('join_code', '=', joinCode)
        .executeTakeFirst();
      if (!found) return undefined;
      const learners = await trx
        .selectFrom('learners')
        .select(['id', 'display_name'])
        .where('class_id', '=', found.id)
        .orderBy('display_name')
        .orderBy('id')
        .execute();
      return { ...found, learners };
    },

    /** A learner of the class with this code, with what signing in needs. */
    learnerForSignIn(joinCode: string, learnerId: string, trx: Executor = db) {
      return trx
        .selectFrom('learners as l')
        .innerJoin('classes as c', 'c.id', 'l.class_id')
        .innerJoin('users as u', 'u.id', 'l.id')
        .select(['u.id', 'u.email', 'u.role', 'u.password_hash', 'u.suspended_at', 'c.id as class_id', 'c.archived_at'])
        .where('c.join_code', '=', joinCode)
        .where('l.id', '=', learnerId)
        .executeTakeFirst();
    },

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

    /** Class events after `afterId`, oldest first: the live class pages' wake-ups (from any instance). */
    eventsAfter(afterId: number, trx: Executor = db) {
      return trx
        .selectFrom('class_events')
        .select(['id', 'class_id', 'kind'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(CLASS_EVENTS_PAGE_SIZE)
        .execute();
    },

    async latestEventId(trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('class_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    async pruneEvents(before: Date, trx: Executor = db) {
      await trx.deleteFrom('class_events').where('created_at', '<', before.toISOString()).execute();
    },
  };
}
