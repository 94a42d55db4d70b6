import type { QueryClient } from '@tanstack/react-query';
import { announceChange } from '#web/lib/query-client.tsx';
import type { PendingChange } from './pending-changes.ts';
import { bookmarksQueryKey, ChangeNotSaved, progressQueryKey, undoChange } from './projects-cache.ts';

/** The offline queue (and IndexedDB) comes with the first read or change, not with the page. */
export const offlineQueue = () => import('./pending-changes.ts');

/**
 * Saves a change already shown (showChange, from the mutation's onMutate) through the account's
 * queue; resolves `sent`, or `queued` (offline: it goes when the network is back). A change that cannot be stored or that the server refuses is taken back
 * out of the cache, and the promise rejects with ChangeNotSaved, which changeNotSavedToast words.
 */
export async function saveChange(
  queryClient: QueryClient,
  userId: string,
  change: PendingChange,
): Promise<'sent' | 'queued'> {
  try {
    const queue = await offlineQueue();
    const outcome = await queue.sendChange(queryClient, userId, change);
    // Sent or waiting in the account's queue, which the other tabs' reads take in too.
    announceChange(change.type === 'tick' ? progressQueryKey(userId) : bookmarksQueryKey(userId));
    return outcome;
  } catch (error) {
    undoChange(queryClient, userId, change);
    throw new ChangeNotSaved(change, error);
  }
}
