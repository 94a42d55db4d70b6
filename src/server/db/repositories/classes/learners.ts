import { randomUUID } from 'node:crypto';
import type { LearnerExport } from '#shared/schemas/classes.ts';
import type { Database } from '../../database.ts';
import { type Executor, inTransaction } from '../../transaction.ts';
import { usernameKey } from '../../username-key.ts';
import { auditLogRepository } from '../audit-log.ts';
import { sessionsRepository } from '../sessions.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import { classEventRecorder } from './events.ts';
import { classProgressRepository } from './progress.ts';

/** A learner about to be added: the secret is already hashed (argon2id takes time: never inside the transaction). */
export interface NewLearner {
  readonly displayName: string;
  readonly username: string;
  readonly secretHash: string;
}

/** Deletes the learners' accounts (their profiles, progress, bookmarks, sessions, help go with them). */
export async function deleteLearnerAccounts(ids: readonly string[], tx: Executor) {
  if (ids.length === 0) return;
  // Not through the profiles repository: a learner was never on the public feed, so nothing is announced.
  await tx.deleteFrom('users').where('id', 'in', ids).where('role', '=', 'learner').execute();
}

/**
 * A class's learners (product §3 Class, D16): accounts without an e-mail, added by their teacher,
 * renamed, exported and deleted; and the class a learner's own calls belong to.
 */
export function classLearnersRepository(database: Database) {
  const { db } = database;
  const auditLog = auditLogRepository(database);
  const sessions = sessionsRepository(database);
  const recordEvent = classEventRecorder(database);
  const progress = classProgressRepository(database);

  /** A learner of this class (its teachers' calls name both), or undefined. */
  function findLearner(classId: string, learnerId: string, trx: Executor = db) {
    return trx
      .selectFrom('learners as l')
      .innerJoin('profiles as p', 'p.id', 'l.id')
      .innerJoin('classes as c', 'c.id', 'l.class_id')
      .select(['l.id', 'l.display_name', 'p.username', 'l.created_at', 'c.name as class_name', 'l.class_id'])
      .where('l.class_id', '=', classId)
      .where('l.id', '=', learnerId)
      .executeTakeFirst();
  }

  return {
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
      const { steps, materials } = await progress.progressCounts(classId, () => true, trx);
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

    findLearner,

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

    /** Everything stored of a learner but secrets, for their teacher or an administrator to hand over. */
    async exportLearner(
      actorId: string,
      classId: string,
      learnerId: string,
      now = new Date(),
      trx: Executor = db,
    ): Promise<Omit<LearnerExport, 'sketches'> | undefined> {
      return inTransaction(trx, async (tx) => {
        const learner = await findLearner(classId, learnerId, tx);
        if (!learner) return undefined;
        const bookmarks = await tx
          .selectFrom('bookmarks')
          .select(['project_id', 'created_at'])
          .where('user_id', '=', learnerId)
          .orderBy('created_at')
          .execute();
        const help = await tx
          .selectFrom('help_requests')
          .select(['project_id', 'step', 'sketch_id', 'created_at', 'handled_at'])
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
          progress: await progress.learnerTicks(learnerId, tx),
          help_requests: help,
          sessions: live.map((session) => ({ started_at: session.started_at, ends_at: session.ends_at })),
        };
      });
    },

    /** The learner and everything of theirs; the log keeps the id. */
    deleteLearner(actorId: string, classId: string, learnerId: string, now = new Date(), trx: Executor = db) {
      return inTransaction(trx, async (tx) => {
        if (!(await findLearner(classId, learnerId, tx))) return false;
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
  };
}
