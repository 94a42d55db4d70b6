import { sql } from 'kysely';
import type { Database } from '../../database.ts';
import type { ClassEventKind } from '../../schema.ts';
import { afterCommit, type Executor } from '../../transaction.ts';

/** The channel every instance LISTENs on for class events; a notification carries only the class id. */
export const CLASS_EVENTS_CHANNEL = 'roboforge_class_events';
/** Orders class events on PostgreSQL as `profile_changes` are ordered: a reader that saw id N saw all below. */
const CLASS_EVENT_ORDER_LOCK = 727_070_002;
/** The most class events `eventsAfter` answers at once. */
export const CLASS_EVENTS_PAGE_SIZE = 1000;

/**
 * What every change a class's teachers should see live records: a class event (which class, what
 * kind, nothing else), committed with the change it announces, that wakes their open pages.
 */
export function classEventRecorder(database: Database) {
  const { kind } = database;
  /** A wake-up for the class's teachers' pages, committed with the change it announces. */
  return async function recordEvent(classId: string, eventKind: ClassEventKind, now: Date, tx: Executor) {
    if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${CLASS_EVENT_ORDER_LOCK})`.execute(tx);
    await tx
      .insertInto('class_events')
      .values({ class_id: classId, kind: eventKind, created_at: now.toISOString() })
      .execute();
    if (kind === 'postgres') await sql`select pg_notify(${CLASS_EVENTS_CHANNEL}, ${classId})`.execute(tx);
    if (tx.isTransaction) afterCommit(tx as Parameters<typeof afterCommit>[0], database.classCommits.emit);
  };
}

/** The class events as the live class pages read them (from any instance), and their pruning. */
export function classEventsRepository({ db }: Database) {
  return {
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
