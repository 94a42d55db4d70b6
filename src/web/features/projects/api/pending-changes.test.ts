import { describe, expect, it } from 'vitest';
import type { Bookmark } from '#shared/schemas/bookmark.ts';
import { type PendingChange, withPendingBookmarks, withPendingTicks } from './pending-changes.ts';

const USER = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const AT = '2026-03-01T12:00:00.000Z';
const bookmark = (projectId: number): Bookmark => ({
  id: projectId * 10,
  user_id: USER,
  project_id: projectId,
  created_at: AT,
});

describe('what the page shows: the server answer with the changes still waiting applied', () => {
  it('adds waiting ticks, removes waiting unticks, and leaves other projects alone', () => {
    const server = {
      steps: [
        { project_id: 1, index: 0, done_at: AT },
        { project_id: 1, index: 1, done_at: AT },
      ],
      materials: [{ project_id: 2, index: 3, done_at: AT }],
    };
    const pending: PendingChange[] = [
      { type: 'tick', projectId: 1, kind: 'steps', index: 2, done: true },
      { type: 'tick', projectId: 1, kind: 'steps', index: 0, done: false },
      { type: 'bookmark', projectId: 1, bookmarked: true },
      { type: 'tick', projectId: 2, kind: 'materials', index: 4, done: true },
    ];
    const shown = withPendingTicks(server, pending);
    expect(shown.steps.map((t) => [t.project_id, t.index])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(shown.materials.map((t) => [t.project_id, t.index])).toEqual([
      [2, 3],
      [2, 4],
    ]);
    expect(withPendingTicks(server, [])).toEqual(server);
  });

  it('applies bookmark toggles in order, once per project', () => {
    const pending: PendingChange[] = [
      { type: 'bookmark', projectId: 3, bookmarked: true },
      { type: 'bookmark', projectId: 1, bookmarked: false },
      { type: 'bookmark', projectId: 2, bookmarked: true },
      { type: 'tick', projectId: 4, kind: 'steps', index: 0, done: true },
    ];
    const shown = withPendingBookmarks([bookmark(1), bookmark(2)], pending, USER);
    expect(shown.map((b) => b.project_id)).toEqual([2, 3]);
    expect(shown.find((b) => b.project_id === 3)).toMatchObject({ id: -3, user_id: USER });
  });
});
