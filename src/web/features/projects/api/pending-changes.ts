import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Bookmark, bookmarkSchema, projectIdSchema } from '#shared/schemas/bookmark.ts';
import { PROGRESS_KINDS, type Progress, progressTickSchema } from '#shared/schemas/progress.ts';
import { z } from '#shared/schemas/z.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { authedRequest, sessionManager } from '#web/lib/auth/session.ts';
import { notifyFailure } from '#web/lib/error-toast.ts';
import { isOnline, onBackOnline } from '#web/lib/offline/connectivity.ts';
import { createPendingStore } from '#web/lib/offline/pending-store.ts';
import { withTick } from '../lib/progress.ts';
import {
  type ChangeAnswer,
  ChangeNotSaved,
  changeNotSavedToast,
  showAnswer,
  undoChange,
  withBookmark,
} from './projects-cache.ts';

/*
 * Ticks and bookmark toggles reach the server through a queue kept per account in IndexedDB
 * (product D15): a change is stored first, then sent, in order, whenever the network allows — at
 * once, when the browser comes back online, and at the next start. Every call sets a state
 * (PUT/DELETE a tick, POST/DELETE a bookmark), so sending one twice is harmless. What the page
 * shows is the server's answer with the waiting changes applied on top, so a reload offline still
 * shows them. A change the server refuses is taken back out of the cache with the product §8
 * toast: by its maker (saveChange in save-change.ts, through its mutation) when one waits for
 * it, by this queue when it was sent later (back online, at the next start). A change sent is
 * already shown: its answer (the tick's time, the bookmark's id) is written into the cache, and no
 * list is read again for it.
 */

const pendingChangeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('tick'),
    projectId: projectIdSchema,
    kind: z.enum(PROGRESS_KINDS),
    index: z.number().int().min(0),
    done: z.boolean(),
  }),
  // `bookmarked`: whether the project is bookmarked after the toggle.
  z.object({ type: z.literal('bookmark'), projectId: projectIdSchema, bookmarked: z.boolean() }),
]);
export type PendingChange = z.infer<typeof pendingChangeSchema>;

const store = createPendingStore(pendingChangeSchema);

function targetOf(change: PendingChange): string {
  return change.type === 'tick'
    ? `tick:${change.projectId}:${change.kind}:${change.index}`
    : `bookmark:${change.projectId}`;
}

/** The account's changes that the server does not have yet, oldest first. */
export async function pendingChanges(userId: string): Promise<PendingChange[]> {
  return (await store.read(userId)).map((entry) => entry.change);
}

/** The server's progress with the waiting ticks applied, as the learner left it. */
export function withPendingTicks(progress: Progress, pending: readonly PendingChange[]): Progress {
  return pending.reduce((current, change) => (change.type === 'tick' ? withTick(current, change) : current), progress);
}

/** The server's bookmarks with the waiting toggles applied. */
export function withPendingBookmarks(
  bookmarks: readonly Bookmark[],
  pending: readonly PendingChange[],
  userId: string,
): Bookmark[] {
  return pending.reduce<Bookmark[]>(
    (list, change) =>
      change.type === 'bookmark' ? withBookmark(list, userId, change.projectId, change.bookmarked) : list,
    [...bookmarks],
  );
}

/** Sent (with what the server answered), to try again later, or the server's refusal. */
type SendOutcome = { readonly answer: ChangeAnswer } | 'later' | ApiRequestError;
/** The API client's status for a request that got no answer. */
const NO_ANSWER = 0;

async function send(change: PendingChange): Promise<SendOutcome> {
  try {
    if (change.type === 'tick') {
      const path = `/api/progress/${change.projectId}/${change.kind}/${change.index}`;
      if (change.done) return { answer: await authedRequest(path, progressTickSchema, { method: 'PUT' }) };
      await authedRequest(path, z.null(), { method: 'DELETE' });
    } else if (change.bookmarked) {
      const body = { project_id: change.projectId };
      return { answer: await authedRequest('/api/bookmarks', bookmarkSchema, { method: 'POST', body }) };
    } else {
      await authedRequest(`/api/bookmarks/${change.projectId}`, z.null(), { method: 'DELETE' });
    }
    return { answer: null };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) return 'later';
    // Answered 2xx in a shape we did not expect: the server has the change.
    if (error.status >= 200 && error.status < 300) return { answer: null };
    // No answer at all (offline, the server unreachable), or a session to sort out first: try again later.
    if (error.status === NO_ANSWER || error.status === 401) return 'later';
    // The server answered and refused (product §4: rolled back with the error toast).
    return error;
  }
}

/** Changes whose maker waits to hear how they went, and what became of them. */
const awaited = new Set<string>();
const outcomes = new Map<string, 'sent' | ApiRequestError>();
const runs = new Map<string, Promise<void>>();
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;
const retries = new Map<string, { timer: ReturnType<typeof setTimeout> | null; delay: number }>();

/** The browser is online but the server did not answer: try again later, less and less often. */
function scheduleRetry(queryClient: QueryClient, userId: string): void {
  // Offline, 'online' sends the queue.
  if (!isOnline()) return;
  const retry = retries.get(userId) ?? { timer: null, delay: FIRST_RETRY_MS };
  if (retry.timer !== null) return;
  retry.timer = setTimeout(() => {
    retry.timer = null;
    void syncPendingChanges(queryClient, userId);
  }, retry.delay);
  retry.delay = Math.min(retry.delay * 2, LAST_RETRY_MS);
  retries.set(userId, retry);
}

async function flush(queryClient: QueryClient, userId: string): Promise<void> {
  // Only with this account's own session: another member's token must never carry these changes.
  while (isOnline() && sessionManager().getSession()?.user.id === userId) {
    const [next] = await store.read(userId);
    if (!next) {
      retries.delete(userId);
      break;
    }
    const outcome = await send(next.change);
    if (outcome === 'later') {
      scheduleRetry(queryClient, userId);
      break;
    }
    await store.remove(userId, next.id);
    // Sent: the cache already shows the change; the server's answer adds what it decided (a time, an id).
    if (!(outcome instanceof ApiRequestError)) showAnswer(queryClient, userId, next.change, outcome.answer);
    const result = outcome instanceof ApiRequestError ? outcome : 'sent';
    if (awaited.has(next.id)) outcomes.set(next.id, result);
    else if (result !== 'sent') {
      // Sent later, with nobody waiting for it: taken back here, with the toast its mutation would raise.
      undoChange(queryClient, userId, next.change);
      notifyFailure(new ChangeNotSaved(next.change, result), changeNotSavedToast);
    }
  }
}

/** Two tabs of one member send the queue one after the other, never interleaved (Web Locks where there are). */
function exclusively(userId: string, task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(`roboforge-pending-changes:${userId}`, task) : task();
}

/** Sends the account's waiting changes, in order; resolves once this pass is over (some may still wait). */
export function syncPendingChanges(queryClient: QueryClient, userId: string): Promise<void> {
  const previous = runs.get(userId) ?? Promise.resolve();
  const run = previous
    .then(() => exclusively(userId, () => flush(queryClient, userId)))
    .catch((error: unknown) => console.error('Could not send the changes made offline', error));
  runs.set(userId, run);
  return run;
}

/**
 * Sends one change: stored in the account's queue, then sent with whatever else waits. Resolves
 * with `sent` or `queued` (offline: it goes when the network is back); rejects with the server's
 * refusal, or when the change cannot be stored. The caller (saveChange) takes it back then.
 */
export async function sendChange(
  queryClient: QueryClient,
  userId: string,
  change: PendingChange,
): Promise<'sent' | 'queued'> {
  const entry = await store.add(userId, targetOf(change), change);
  awaited.add(entry.id);
  try {
    await syncPendingChanges(queryClient, userId);
    const outcome = outcomes.get(entry.id);
    if (outcome instanceof ApiRequestError) throw outcome;
    if (outcome) return outcome;
    // Replaced by a newer change to the same thing, or sent by another tab: no longer waiting.
    const waiting = (await store.read(userId)).some((e) => e.id === entry.id);
    return waiting ? 'queued' : 'sent';
  } finally {
    awaited.delete(entry.id);
    outcomes.delete(entry.id);
  }
}

/** Sends what an earlier visit left waiting, now and each time the browser comes back online. */
export function usePendingChangesSync(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const sync = () => void syncPendingChanges(queryClient, userId);
    sync();
    return onBackOnline(sync);
  }, [queryClient, userId]);
}
