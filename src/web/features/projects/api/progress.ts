import { hashKey, queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { type ProgressKind, progressSchema } from '#shared/schemas/progress.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { changeNotSavedToast, progressQueryKey, showChange } from './projects-cache.ts';
import { offlineQueue, saveChange } from './save-change.ts';

/**
 * The learner's ticks: the server's, plus those still waiting to be sent (made offline). With a
 * null `userId` (a page shown before the session is confirmed) nothing is read.
 */
export const progressQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: progressQueryKey(userId),
    queryFn:
      userId === null
        ? skipToken
        : async ({ signal }) => {
            const queue = await offlineQueue();
            // Read before the list: a change sent while the list is on its way is then in one or the other.
            const pending = await queue.pendingChanges(userId);
            return queue.withPendingTicks(await authedRequest('/api/progress', progressSchema, { signal }), pending);
          },
  });

/** The learner's ticks; waits while `userId` is null. */
export function useProgress(userId: string | null) {
  return useQuery(progressQueryOptions(userId));
}

/**
 * The ticks as the cache holds them this instant, for the controls that tick: useQuery hears of a
 * cache write a timer later (TanStack Query batches its notifications), after React has put a
 * controlled checkbox back; this re-renders in the same task, so a tick shows in the frame of its click.
 */
export function useProgressNow(userId: string | null) {
  const queryClient = useQueryClient();
  const { queryKey } = progressQueryOptions(userId);
  const queryHash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === queryHash) onChange();
      }),
    [queryClient, queryHash],
  );
  const read = () => queryClient.getQueryData(queryKey);
  return useSyncExternalStore(subscribe, read, read);
}

export interface ProgressTickChange {
  readonly projectId: number;
  readonly kind: ProgressKind;
  /** 0-based index of the step or material. */
  readonly index: number;
  /** Whether it is ticked after the change. */
  readonly done: boolean;
}

/**
 * A "Done" or "I have this" tick: shown at once in the cache (onMutate runs within `mutate`, in the
 * click) and saved through the account's queue of changes (pending-changes.ts), so a tick made
 * offline waits there and is sent when the network is back. A tick the server refuses goes back
 * with the error toast; each undo reverses only its own tick, so quick ticks in a row never undo
 * each other, and the list is read again once they are sent. Undefined while `userId` is null.
 */
export function useTickProgress(userId: string | null): ((change: ProgressTickChange) => void) | undefined {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    // Offline too: the queue keeps the tick until it can be sent.
    networkMode: 'always',
    meta: { errorToast: changeNotSavedToast },
    onMutate: ({ user, change }: { user: string; change: ProgressTickChange }) =>
      showChange(queryClient, user, { type: 'tick', ...change }),
    mutationFn: ({ user, change }) => saveChange(queryClient, user, { type: 'tick', ...change }),
  });
  const tick = useCallback(
    (change: ProgressTickChange) => {
      if (userId !== null) mutate({ user: userId, change });
    },
    [userId, mutate],
  );
  return userId === null ? undefined : tick;
}
