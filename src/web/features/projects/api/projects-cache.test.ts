import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Bookmark } from '#shared/schemas/bookmark.ts';
import type { Progress } from '#shared/schemas/progress.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import {
  bookmarksQueryKey,
  ChangeNotSaved,
  changeNotSavedToast,
  progressQueryKey,
  showAnswer,
  showChange,
  undoChange,
} from './projects-cache.ts';

const USER = 'user-1';
const AT = '2026-11-25T05:00:00.000Z';
const toastOf = (error: unknown) => (typeof changeNotSavedToast === 'function' ? changeNotSavedToast(error) : null);

describe('the optimistic layer in the query cache', () => {
  it('shows a tick at once and undoes only that tick', () => {
    const queryClient = new QueryClient();
    const ticked = (indexes: number[]) => indexes.map((index) => ({ project_id: 3, index, done_at: AT }));
    queryClient.setQueryData(progressQueryKey(USER), { steps: ticked([0]), materials: [] });
    const stepsDone = () => queryClient.getQueryData<Progress>(progressQueryKey(USER))?.steps.map((tick) => tick.index);
    const tick = { type: 'tick', projectId: 3, kind: 'steps', index: 1, done: true } as const;
    showChange(queryClient, USER, tick);
    showChange(queryClient, USER, { ...tick, index: 2 });
    expect(stepsDone()).toEqual([0, 1, 2]);
    undoChange(queryClient, USER, tick);
    expect(stepsDone()).toEqual([0, 2]);
  });

  it('shows a bookmark at once and takes it back', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Bookmark[]>(bookmarksQueryKey(USER), []);
    const add = { type: 'bookmark', projectId: 4, bookmarked: true } as const;
    showChange(queryClient, USER, add);
    expect(queryClient.getQueryData<Bookmark[]>(bookmarksQueryKey(USER))?.map((b) => b.project_id)).toEqual([4]);
    undoChange(queryClient, USER, add);
    expect(queryClient.getQueryData<Bookmark[]>(bookmarksQueryKey(USER))).toEqual([]);
  });
});

describe('changeNotSavedToast', () => {
  const refused = new ApiRequestError(503, 'x', 'down');
  it('words each change as product §8 does', () => {
    expect(
      toastOf(new ChangeNotSaved({ type: 'tick', projectId: 1, kind: 'materials', index: 0, done: true }, refused)),
    ).toEqual({
      title: 'Error',
      description: 'Failed to save progress',
    });
    expect(toastOf(new ChangeNotSaved({ type: 'bookmark', projectId: 1, bookmarked: true }, refused))).toEqual({
      title: 'Error',
      description: 'Failed to add bookmark',
    });
    expect(toastOf(new ChangeNotSaved({ type: 'bookmark', projectId: 1, bookmarked: false }, refused))).toEqual({
      title: 'Error',
      description: 'Failed to remove bookmark',
    });
  });
});

describe("a sent change's answer, in place of reading the list again", () => {
  it("gives a shown tick the server's time and a shown bookmark the server's id, and touches nothing else", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(progressQueryKey(USER), {
      steps: [{ project_id: 3, index: 0, done_at: AT }],
      materials: [],
    });
    queryClient.setQueryData(bookmarksQueryKey(USER), []);
    const tick = { type: 'tick', projectId: 3, kind: 'steps', index: 1, done: true } as const;
    const bookmark = { type: 'bookmark', projectId: 5, bookmarked: true } as const;
    showChange(queryClient, USER, tick);
    showChange(queryClient, USER, bookmark);
    expect(queryClient.getQueryData<Bookmark[]>(bookmarksQueryKey(USER))?.[0]?.id).toBe(-5);

    // Another device ticked it first: the server keeps that time.
    const firstTicked = '2026-11-20T08:00:00.000Z';
    showAnswer(queryClient, USER, tick, { project_id: 3, index: 1, done_at: firstTicked });
    const stored: Bookmark = { id: 41, user_id: USER, project_id: 5, created_at: AT };
    showAnswer(queryClient, USER, bookmark, stored);

    expect(queryClient.getQueryData<Progress>(progressQueryKey(USER))?.steps).toEqual([
      { project_id: 3, index: 0, done_at: AT },
      { project_id: 3, index: 1, done_at: firstTicked },
    ]);
    expect(queryClient.getQueryData<Bookmark[]>(bookmarksQueryKey(USER))).toEqual([stored]);
    // A removal's answer is nothing; a tick no longer shown stays gone.
    showAnswer(queryClient, USER, { ...tick, index: 7 }, { project_id: 3, index: 7, done_at: AT });
    expect(queryClient.getQueryData<Progress>(progressQueryKey(USER))?.steps).toHaveLength(2);
  });
});
