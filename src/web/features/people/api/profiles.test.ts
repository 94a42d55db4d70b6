import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import {
  applyProfileChange,
  applyProfileRemoval,
  forgetProfileChanges,
  profilesQueryOptions,
  receiveProfileChange,
  receiveProfileRemoval,
} from './profiles.ts';

const member = (id: string, createdAt: string, username: string | null = null): PublicProfile => ({
  id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
  username,
  bio: null,
  avatar_url: null,
  email: null,
  created_at: createdAt,
});

describe('applyProfileChange', () => {
  const older = member('1', '2026-01-01T00:00:00.000Z', 'old');
  const newer = member('2', '2026-02-01T00:00:00.000Z', 'new');

  it('puts a new member at the top', () => {
    const newest = member('3', '2026-03-01T00:00:00.000Z', 'newest');
    expect(applyProfileChange([newer, older], newest).map((p) => p.username)).toEqual(['newest', 'new', 'old']);
  });

  it('replaces an updated profile in place, without duplicates', () => {
    const renamed = { ...older, username: 'renamed' };
    const list = applyProfileChange([newer, older], renamed);
    expect(list.map((p) => p.username)).toEqual(['new', 'renamed']);
    expect(applyProfileChange(list, renamed)).toHaveLength(2);
  });
});

describe('removals (DELETE on the live stream)', () => {
  const older = member('1', '2026-01-01T00:00:00.000Z', 'old');
  const newer = member('2', '2026-02-01T00:00:00.000Z', 'new');

  afterEach(() => {
    vi.unstubAllGlobals();
    forgetProfileChanges();
  });

  it('remove the member’s card, and nothing else; an unknown id changes nothing', () => {
    expect(applyProfileRemoval([newer, older], older.id)).toEqual([newer]);
    expect(applyProfileRemoval([newer, older], member('9', '2026-03-01T00:00:00.000Z').id)).toEqual([newer, older]);
  });

  it('take the card out of the cached list at once', () => {
    const client = new QueryClient();
    client.setQueryData(profilesQueryOptions().queryKey, [newer, older]);
    receiveProfileRemoval(client, newer.id);
    expect(client.getQueryData(profilesQueryOptions().queryKey)).toEqual([older]);
  });

  it('also apply to a list that was on its way when they arrived, after earlier changes, in order', async () => {
    const list: { answer?: (response: Response) => void } = {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (list.answer = resolve)));
    const client = new QueryClient();
    const fetching = client.fetchQuery(profilesQueryOptions());
    // The list request is on its way before the live events arrive.
    await vi.waitFor(() => expect(list.answer).toBeDefined());
    receiveProfileChange(client, { ...older, username: 'renamed' });
    receiveProfileRemoval(client, newer.id);
    list.answer?.(Response.json([newer, older]));
    expect(await fetching).toEqual([{ ...older, username: 'renamed' }]);
  });
});
