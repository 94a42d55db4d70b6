import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '#web/lib/api-client.ts';
import type { ErrorToast } from '#web/lib/error-toast.ts';
import { ownSketchKey } from '#web/lib/sketch-store.ts';
import { dropSketch, fetchSketchList, ownSketchesQueryKey, unsentOwnSketches } from '#web/lib/sketch-sync.ts';

/** One of the learner's own sketches as the playground lists it. */
export interface OwnSketchEntry {
  readonly id: string;
  readonly name: string;
  readonly circuit: string;
  /** When it was last saved to the account; null for one made offline, still only on this device. */
  readonly updatedAt: string | null;
}

/**
 * The learner's own sketches: the account's, newest first, then any made on this device while
 * offline that the account has not taken yet. Offline, only those (and the error says why).
 */
export const ownSketchesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ownSketchesQueryKey(userId),
    queryFn: async ({ signal }): Promise<readonly OwnSketchEntry[]> => {
      const [list, waiting] = await Promise.all([fetchSketchList(signal), unsentOwnSketches(userId)]);
      const saved: OwnSketchEntry[] = list
        .filter((sketch) => sketch.kind === 'own')
        .map(({ id, name, circuit, updated_at }) => ({ id, name, circuit, updatedAt: updated_at }));
      const onDevice = waiting
        .map(({ key, name, circuit }) => ({ id: key.slice('own:'.length), name, circuit, updatedAt: null }))
        .filter((entry) => !saved.some((sketch) => sketch.id === entry.id));
      return [...onDevice, ...saved];
    },
  });

export const useOwnSketches = (userId: string) => useQuery(ownSketchesQueryOptions(userId));

const notDeleted: ErrorToast = (error) => ({
  title: 'Not deleted',
  description:
    error instanceof ApiRequestError && error.status === 0
      ? 'You are offline: a sketch can be deleted once you are back online.'
      : 'The sketch could not be deleted. Try again.',
});

/** Deletes one of the learner's own sketches, on the account and on this device. */
export function useDeleteOwnSketch(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: notDeleted },
    mutationFn: (id: string) => dropSketch(userId, ownSketchKey(id)),
    onSuccess: (_, id) =>
      queryClient.setQueryData(ownSketchesQueryOptions(userId).queryKey, (list) =>
        list?.filter((sketch) => sketch.id !== id),
      ),
  });
}
