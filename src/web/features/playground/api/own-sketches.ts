import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '#web/lib/api-client.ts';
import type { ErrorToast } from '#web/lib/error-toast.ts';
import { ownSketchKey, sketchStore } from '#web/lib/sketch-store.ts';
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
 * offline that the account has not taken yet; a name changed here and not sent yet is shown as the
 * learner gave it. Offline, only those (and the error says why).
 */
export const ownSketchesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ownSketchesQueryKey(userId),
    queryFn: async ({ signal }): Promise<readonly OwnSketchEntry[]> => {
      const [list, waiting] = await Promise.all([fetchSketchList(signal), unsentOwnSketches(userId)]);
      const onThisDevice = new Map(waiting.map((entry) => [entry.key.slice('own:'.length), entry]));
      const saved: OwnSketchEntry[] = list
        .filter((sketch) => sketch.kind === 'own')
        .map(({ id, name, circuit, updated_at }) => ({
          id,
          name: onThisDevice.get(id)?.name ?? name,
          circuit: onThisDevice.get(id)?.circuit ?? circuit,
          updatedAt: updated_at,
        }));
      const onDevice = waiting
        .filter((entry) => !entry.onAccount)
        .map(({ key, name, circuit }) => ({ id: key.slice('own:'.length), name, circuit, updatedAt: null }))
        .filter((entry) => !saved.some((sketch) => sketch.id === entry.id));
      return [...onDevice, ...saved];
    },
  });

export const useOwnSketches = (userId: string) => useQuery(ownSketchesQueryOptions(userId));

/** One own sketch's name, its circuit and whether it is made with blocks. */
export interface OwnSketchMeta {
  readonly name: string;
  readonly circuit: string;
  readonly madeWith: 'code' | 'blocks';
}

/**
 * One own sketch's meta: as this device last had it, else as the account has it; null for none.
 * Under the list's key, so that invalidating the list refreshes it too.
 */
export const ownSketchMetaQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: [...ownSketchesQueryOptions(userId).queryKey, id, 'meta'],
    queryFn: async ({ signal }): Promise<OwnSketchMeta | null> => {
      const draft = await sketchStore.draft(userId, ownSketchKey(id));
      if (draft?.own) {
        const { name, circuit, blocks } = draft.own;
        return { name, circuit, madeWith: blocks ? 'blocks' : 'code' };
      }
      const found = (await fetchSketchList(signal)).find((sketch) => sketch.kind === 'own' && sketch.id === id);
      return found ? { name: found.name, circuit: found.circuit, madeWith: found.made_with } : null;
    },
  });

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
