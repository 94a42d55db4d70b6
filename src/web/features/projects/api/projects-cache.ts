import type { QueryClient } from '@tanstack/react-query';
import type { Bookmark } from '#shared/schemas/bookmark.ts';
import type { Progress, ProgressKind, ProgressTick } from '#shared/schemas/progress.ts';
import type { ErrorToast, ToastText } from '#web/lib/error-toast.ts';
import { withTick } from '../lib/progress.ts';
import type { PendingChange } from './pending-changes.ts';

/*
 * What the progress and bookmark queries and the offline queue (pending-changes.ts) share, kept
 * apart so the pages load the queue — and IndexedDB — only with their first read.
 *
 * The query cache is the one optimistic layer for ticks and bookmarks: a change is written into it
 * at once and taken back out when it cannot be stored or the server refuses it. The cache, not
 * React state, because it is what every page showing progress or bookmarks reads, and because the
 * queue's reads put the changes still waiting offline back into it (after a reload too).
 */

/** The query keys of what the queue changes; the queryOptions factories in progress.ts and bookmarks.ts use them. */
export const progressQueryKey = (userId: string | null) => ['progress', userId] as const;
export const bookmarksQueryKey = (userId: string) => ['bookmarks', userId] as const;

/** A bookmark the server has not numbered yet (shown until its answer or the next read replaces it). */
export function placeholderBookmark(userId: string, projectId: number): Bookmark {
  return { id: -projectId, user_id: userId, project_id: projectId, created_at: new Date().toISOString() };
}

/** `list` with the project bookmarked or not; an existing bookmark keeps its place. */
export function withBookmark(
  list: readonly Bookmark[],
  userId: string,
  projectId: number,
  bookmarked: boolean,
): Bookmark[] {
  const others = list.filter((bookmark) => bookmark.project_id !== projectId);
  if (!bookmarked) return others;
  return others.length === list.length ? [...list, placeholderBookmark(userId, projectId)] : [...list];
}

/** Writes the change into the cache; synchronous, so a tick shows in the frame of its click. */
export function showChange(queryClient: QueryClient, userId: string, change: PendingChange): void {
  const queryKey = change.type === 'tick' ? progressQueryKey(userId) : bookmarksQueryKey(userId);
  // A read still on its way predates the change: cancelled (its revert is synchronous) so it cannot overwrite it.
  void queryClient.cancelQueries({ queryKey });
  if (change.type === 'tick') {
    queryClient.setQueryData(queryKey, (current: Progress | undefined) => withTick(current, change));
  } else {
    queryClient.setQueryData(queryKey, (current: Bookmark[] | undefined) =>
      withBookmark(current ?? [], userId, change.projectId, change.bookmarked),
    );
  }
}

/** What the server answered a change: the tick as stored, the bookmark as numbered, or nothing (a removal). */
export type ChangeAnswer = ProgressTick | Bookmark | null;

/** `progress` with a tick as the server stored it (its time: the first tick's, when another device ticked it first). */
export function withStoredTick(progress: Progress, kind: ProgressKind, stored: ProgressTick): Progress {
  const same = (tick: ProgressTick) => tick.project_id === stored.project_id && tick.index === stored.index;
  if (!progress[kind].some(same)) return progress;
  return { ...progress, [kind]: progress[kind].map((tick) => (same(tick) ? stored : tick)) };
}

/** `list` with the placeholder of a bookmark replaced by the server's. */
export function withStoredBookmark(list: readonly Bookmark[], stored: Bookmark): Bookmark[] {
  return list.map((bookmark) => (bookmark.project_id === stored.project_id ? stored : bookmark));
}

/**
 * Writes the server's answer to a sent change into the cache, in place of a re-read of the whole
 * list: the change is already shown, only what the server decided (a time, an id) is new.
 */
export function showAnswer(queryClient: QueryClient, userId: string, change: PendingChange, answer: ChangeAnswer) {
  if (answer === null) return;
  if (change.type === 'tick' && 'index' in answer) {
    const { kind } = change;
    queryClient.setQueryData(progressQueryKey(userId), (current: Progress | undefined) =>
      current ? withStoredTick(current, kind, answer) : current,
    );
  } else if (change.type === 'bookmark' && 'id' in answer) {
    queryClient.setQueryData(bookmarksQueryKey(userId), (current: Bookmark[] | undefined) =>
      current ? withStoredBookmark(current, answer) : current,
    );
  }
}

/** Takes a change that did not stick back out of the cache; undoes only that change, not ticks made since. */
export function undoChange(queryClient: QueryClient, userId: string, change: PendingChange): void {
  const undone: PendingChange =
    change.type === 'tick' ? { ...change, done: !change.done } : { ...change, bookmarked: !change.bookmarked };
  showChange(queryClient, userId, undone);
}

/** A tick or bookmark toggle that did not stick: refused by the server, or not even stored on this device. */
export class ChangeNotSaved extends Error {
  readonly change: PendingChange;
  constructor(change: PendingChange, cause: unknown) {
    super(`The ${change.type} change was not saved`, { cause });
    this.name = 'ChangeNotSaved';
    this.change = change;
  }
}

const TICK_NOT_SAVED: ToastText = { title: 'Error', description: 'Failed to save progress' };
const BOOKMARK_NOT_ADDED: ToastText = { title: 'Error', description: 'Failed to add bookmark' };
const BOOKMARK_NOT_REMOVED: ToastText = { title: 'Error', description: 'Failed to remove bookmark' };

/** Product §8's toast for a tick or bookmark toggle that went back. */
export const changeNotSavedToast: ErrorToast = (error) => {
  if (!(error instanceof ChangeNotSaved)) return null;
  const { change } = error;
  if (change.type === 'tick') return TICK_NOT_SAVED;
  return change.bookmarked ? BOOKMARK_NOT_ADDED : BOOKMARK_NOT_REMOVED;
};
