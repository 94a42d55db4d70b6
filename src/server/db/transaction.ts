import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/** What a repository method runs its queries on: the database, or a transaction it was handed. */
export type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

const afterCommitCallbacks = new WeakMap<Executor, (() => void)[]>();

/**
 * Runs `work` in a transaction: the caller's when it passes one (the work joins it), otherwise a
 * new one. Callbacks registered with `afterCommit` run once the outermost transaction commits,
 * and never when it rolls back.
 */
export async function inTransaction<T>(executor: Executor, work: (trx: Transaction<DatabaseSchema>) => Promise<T>) {
  if (executor.isTransaction) return work(executor as Transaction<DatabaseSchema>);
  const callbacks: (() => void)[] = [];
  const result = await executor.transaction().execute((trx) => {
    afterCommitCallbacks.set(trx, callbacks);
    return work(trx);
  });
  for (const callback of callbacks) callback();
  return result;
}

/** Runs `callback` after the transaction commits (see `inTransaction`). */
export function afterCommit(trx: Transaction<DatabaseSchema>, callback: () => void): void {
  const callbacks = afterCommitCallbacks.get(trx);
  if (!callbacks) throw new Error('afterCommit needs a transaction opened by inTransaction');
  callbacks.push(callback);
}
