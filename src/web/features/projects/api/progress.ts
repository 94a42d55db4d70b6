import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Progress, type ProgressKind, progressSchema, progressTickSchema } from '#shared/schemas/progress.ts';
import { z } from '#shared/schemas/z.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { notifyError } from '#web/lib/notify.ts';
import { withTick } from '../lib/progress.ts';

export const progressQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['progress', userId],
    queryFn: ({ signal }) => authedRequest('/api/progress', progressSchema, { signal }),
  });

export function useProgress(userId: string) {
  return useQuery(progressQueryOptions(userId));
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
 * A "Done" or "I have this" tick: shown at once, rolled back with an error toast when the server
 * refuses. Each rollback undoes only its own tick, so quick ticks in a row never undo each other,
 * and the list is refetched once the last of them has settled.
 */
export function useTickProgress(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = progressQueryOptions(userId);
  const mutationKey = progressMutationKey(userId);

  return useMutation({
    mutationKey,
    mutationFn: ({ projectId, kind, index, done }: ProgressTickChange) => {
      const path = `/api/progress/${projectId}/${kind}/${index}`;
      return done
        ? authedRequest(path, progressTickSchema, { method: 'PUT' })
        : authedRequest(path, z.null(), { method: 'DELETE' });
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (current: Progress | undefined) => withTick(current, change));
    },
    onError: (_error, change) => {
      queryClient.setQueryData(queryKey, (current: Progress | undefined) =>
        withTick(current, { ...change, done: !change.done }),
      );
      notifyError('Error', 'Failed to save progress');
    },
    onSettled: () => {
      // This mutation still counts as running here: refetch only after the last one.
      if (queryClient.isMutating({ mutationKey }) === 1) return queryClient.invalidateQueries({ queryKey });
      return undefined;
    },
  });
}
