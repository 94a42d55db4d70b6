import type { Bookmark } from '#shared/schemas/bookmark.ts';

/*
 * What the progress and bookmark queries and the offline queue (pending-changes.ts) share, kept
 * apart so the pages load the queue — and IndexedDB — only with their first read.
 */

/** The query keys of what the queue changes; the queryOptions factories in progress.ts and bookmarks.ts use them. */
export const progressQueryKey = (userId: string) => ['progress', userId] as const;
export const bookmarksQueryKey = (userId: string) => ['bookmarks', userId] as const;

/** A bookmark the server has not numbered yet (shown until the list is read again). */
export function placeholderBookmark(userId: string, projectId: number): Bookmark {
  return { id: -projectId, user_id: userId, project_id: projectId, created_at: new Date().toISOString() };
}
