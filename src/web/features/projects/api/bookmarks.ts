import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Bookmark, bookmarkListSchema } from '#shared/schemas/bookmark.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { bookmarksQueryKey, placeholderBookmark } from './projects-cache.ts';

/** The offline queue (and IndexedDB) comes with the first read or toggle, not with the page. */
const offlineQueue = () => import('./pending-changes.ts');

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
 * The heart: optimistic, saved through the account's queue of changes (pending-changes.ts), so a
 * toggle made offline is sent when the network is back; rolled back with the product §8 toast when
 * the server refuses.
 */
export function useToggleBookmark(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = bookmarksQueryOptions(userId);

  return useMutation({
    // Offline too: the queue keeps the toggle until it can be sent.
    networkMode: 'always',
    mutationFn: async ({ projectId, bookmarked }: Toggle) =>
      (await offlineQueue()).saveChange(queryClient, userId, { type: 'bookmark', projectId, bookmarked: !bookmarked }),
    onMutate: async ({ projectId, bookmarked }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (current: Bookmark[] | undefined = []) =>
        bookmarked
          ? current.filter((b) => b.project_id !== projectId)
          : [...current, placeholderBookmark(userId, projectId)],
      );
      return { previous };
    },
    // Only when the toggle could not even be stored; a refusal by the server is rolled back by the queue.
    onError: (_error, { bookmarked }, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      notifyError('Error', bookmarked ? 'Failed to remove bookmark' : 'Failed to add bookmark');
    },
    onSuccess: (outcome, { bookmarked }) => {
      if (bookmarked || outcome === 'rejected') return;
      notifySuccess(
        'Bookmarked!',
        outcome === 'sent' ? 'Project saved successfully' : 'Saved on this device. It syncs when you are back online.',
      );
    },
  });
}
