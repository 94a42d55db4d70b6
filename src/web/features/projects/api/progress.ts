import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Progress, type ProgressKind, progressSchema } from '#shared/schemas/progress.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { notifyError } from '#web/lib/notify.ts';
import { withTick } from '../lib/progress.ts';
import { progressQueryKey } from './projects-cache.ts';

/** The offline queue (and IndexedDB) comes with the first read or tick, not with the page. */
const offlineQueue = () => import('./pending-changes.ts');

/** The learner's ticks: the server's, plus those still waiting to be sent (made offline). */
export const progressQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: progressQueryKey(userId),
    queryFn: async ({ signal }) => {
      const queue = await offlineQueue();
      // Read before the list: a change sent while the list is on its way is then in one or the other.
      const pending = await queue.pendingChanges(userId);
      return queue.withPendingTicks(await authedRequest('/api/progress', progressSchema, { signal }), pending);
    },
  });

/** The learner's ticks; waits while `userId` is null (a page shown before the session is confirmed). */
export function useProgress(userId: string | null) {
  return useQuery({ ...progressQueryOptions(userId ?? ''), enabled: userId !== null });
}

export interface ProgressTickChange {
  readonly projectId: number;
  readonly kind: ProgressKind;
  /** 0-based index of the step or material. */
  readonly index: number;
  /** Whether it is ticked after the change. */
  readonly done: boolean;
}

const progressMutationKey = (userId: string) => ['progress', userId, 'tick'] as const;

/**
 * A "Done" or "I have this" tick: shown at once and saved through the account's queue of changes
 * (pending-changes.ts), so a tick made offline waits there and is sent when the network is back.
 * A tick the server refuses is rolled back with the error toast; each rollback undoes only its own
 * tick, so quick ticks in a row never undo each other, and the list is read again once they are sent.
 */
export function useTickProgress(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = progressQueryOptions(userId);
  const mutationKey = progressMutationKey(userId);

  return useMutation({
    mutationKey,
    // Offline too: the queue keeps the tick until it can be sent.
    networkMode: 'always',
    mutationFn: async (change: ProgressTickChange) =>
      (await offlineQueue()).saveChange(queryClient, userId, { type: 'tick', ...change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (current: Progress | undefined) => withTick(current, change));
    },
    // Only when the tick could not even be stored.
    onError: (_error, change) => {
      queryClient.setQueryData(queryKey, (current: Progress | undefined) =>
        withTick(current, { ...change, done: !change.done }),
      );
      notifyError('Error', 'Failed to save progress');
    },
  });
}
