import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Bookmark, bookmarkListSchema, bookmarkSchema } from '#shared/schemas/bookmark.ts';
import { z } from '#shared/schemas/z.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';

export const bookmarksQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['bookmarks', userId],
    queryFn: async ({ signal }) => {
      try {
        return await authedRequest('/api/bookmarks', bookmarkListSchema, { signal });
      } catch (error) {
        // SPEC §8: a failure to load bookmarks is logged, not shown.
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

/** The heart: optimistic, rolled back with the SPEC §8 toast when the server refuses. */
export function useToggleBookmark(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = bookmarksQueryOptions(userId);

  return useMutation({
    mutationFn: ({ projectId, bookmarked }: Toggle) =>
      bookmarked
        ? authedRequest(`/api/bookmarks/${projectId}`, z.null(), { method: 'DELETE' })
        : authedRequest('/api/bookmarks', bookmarkSchema, { method: 'POST', body: { project_id: projectId } }),
    onMutate: async ({ projectId, bookmarked }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (current: Bookmark[] | undefined = []) =>
        bookmarked
          ? current.filter((b) => b.project_id !== projectId)
          : [
              ...current,
              { id: -projectId, user_id: userId, project_id: projectId, created_at: new Date().toISOString() },
            ],
      );
      return { previous };
    },
    onError: (_error, { bookmarked }, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      notifyError('Error', bookmarked ? 'Failed to remove bookmark' : 'Failed to add bookmark');
    },
    onSuccess: (_result, { bookmarked }) => {
      if (!bookmarked) notifySuccess('Bookmarked!', 'Project saved successfully');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
