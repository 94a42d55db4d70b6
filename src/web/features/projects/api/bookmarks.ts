import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookmarkListSchema } from '#shared/schemas/bookmark.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { bookmarksQueryKey, changeNotSavedToast, showChange } from './projects-cache.ts';
import { offlineQueue, saveChange } from './save-change.ts';

/** The member's bookmarks: the server's, with the toggles still waiting to be sent (made offline) applied. */
export const bookmarksQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: bookmarksQueryKey(userId),
    queryFn: async ({ signal }) => {
      try {
        const queue = await offlineQueue();
        const pending = await queue.pendingChanges(userId);
        return queue.withPendingBookmarks(
          await authedRequest('/api/bookmarks', bookmarkListSchema, { signal }),
          pending,
          userId,
        );
      } catch (error) {
        // product §8: a failure to load bookmarks is logged, not shown.
        if (!signal.aborted) console.error('Failed to load bookmarks', error);
        throw error;
      }
    },
  });

export function useBookmarks(userId: string) {
  return useQuery(bookmarksQueryOptions(userId));
}

interface Toggle {
  readonly projectId: number;
  /** Whether the project is bookmarked now, before the toggle. */
  readonly bookmarked: boolean;
}

/**
 * The heart: shown at once in the cache and saved through the account's queue of changes
 * (pending-changes.ts), so a toggle made offline is sent when the network is back; taken back with
 * the product §8 toast when it cannot be stored or the server refuses it (projects-cache.ts).
 */
export function useToggleBookmark(userId: string) {
  const queryClient = useQueryClient();
  const changeOf = ({ projectId, bookmarked }: Toggle) =>
    ({ type: 'bookmark', projectId, bookmarked: !bookmarked }) as const;

  return useMutation({
    // Offline too: the queue keeps the toggle until it can be sent.
    networkMode: 'always',
    meta: { errorToast: changeNotSavedToast },
    onMutate: (toggle: Toggle) => showChange(queryClient, userId, changeOf(toggle)),
    mutationFn: (toggle) => saveChange(queryClient, userId, changeOf(toggle)),
    onSuccess: (outcome, { bookmarked }) => {
      if (bookmarked) return;
      notifySuccess(
        'Bookmarked!',
        outcome === 'sent' ? 'Project saved successfully' : 'Saved on this device. It syncs when you are back online.',
      );
    },
  });
}
