import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import type { ProfileChangeEvent } from '../db/repositories/profile-changes.ts';
import { PROFILE_LIST_MAX_AGE_MS, ProfileListCache } from './profile-list-cache.ts';

const member = (username: string): PublicProfile => ({
  id: '00000000-0000-4000-8000-000000000001',
  username,
  bio: null,
  avatar_url: null,
  email: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('ProfileListCache', () => {
  it('reads once, serves the copy, and reads again after invalidation or the maximum age', async () => {
    let reads = 0;
    const cache = new ProfileListCache(async () => [member(`v${++reads}`)]);
    expect(JSON.parse(String((await cache.json(1000)).identity))[0].username).toBe('v1');
    expect(JSON.parse(String((await cache.json(1001)).identity))[0].username).toBe('v1');
    cache.invalidate();
    expect(JSON.parse(String((await cache.json(1002)).identity))[0].username).toBe('v2');
    expect(JSON.parse(String((await cache.json(1002 + PROFILE_LIST_MAX_AGE_MS)).identity))[0].username).toBe('v3');
    expect(reads).toBe(3);
  });

  it('compresses each copy once, and concurrent requests share one build', async () => {
    let reads = 0;
    const cache = new ProfileListCache(async () => {
      reads++;
      return Array.from({ length: 200 }, (_, i) => member(`builder ${i}`));
    });
    const [a, b] = await Promise.all([cache.json(0), cache.json(0)]);
    expect(reads).toBe(1);
    expect(a).toBe(b);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await a.br();
    expect(await a.br()).toBe(br);
    expect(brotliDecompressSync(br)).toEqual(a.identity);
    expect(gunzipSync(await a.gzip())).toEqual(a.identity);
    expect(br.length).toBeLessThan(a.identity.length / 5);
  });

  it('keeps the list current from feed events without reading it again, in list order', async () => {
    const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
    const profile = (n: number, username: string, minute = n): PublicProfile => ({
      ...member(username),
      id: `00000000-0000-4000-8000-00000000000${n}`,
      created_at: at(minute),
    });
    let reads = 0;
    let pending: ProfileChangeEvent[] = [];
    const cache = new ProfileListCache(
      async () => {
        reads++;
        return [profile(2, 'b'), profile(1, 'a')];
      },
      async () => {
        cache.apply(pending);
        pending = [];
      },
    );
    const names = async (now: number) =>
      (JSON.parse(String((await cache.json(now)).identity)) as PublicProfile[]).map((p) => p.username);
    expect(await names(0)).toEqual(['b', 'a']);
    // A commit marks the list behind; the next request lets the feed read the change first.
    pending = [{ id: 1, kind: 'UPDATE', profileId: profile(1, '').id, profile: profile(1, 'a2') }];
    cache.markBehind();
    expect(await names(1)).toEqual(['b', 'a2']);
    pending = [
      { id: 2, kind: 'INSERT', profileId: profile(3, '').id, profile: profile(3, 'c') },
      { id: 3, kind: 'DELETE', profileId: profile(2, '').id, profile: null },
    ];
    cache.markBehind();
    expect(await names(2)).toEqual(['c', 'a2']);
    const bytes = (await cache.json(3)).identity;
    expect(String(bytes)).toBe(JSON.stringify([profile(3, 'c'), profile(1, 'a2')]));
    expect(reads).toBe(1);
    // Changes made outside the API: a full read once the list is PROFILE_LIST_MAX_AGE_MS old.
    expect(await names(PROFILE_LIST_MAX_AGE_MS)).toEqual(['b', 'a']);
    expect(reads).toBe(2);
    cache.invalidate();
    expect(await names(PROFILE_LIST_MAX_AGE_MS + 1)).toEqual(['b', 'a']);
    expect(reads).toBe(3);
  });

  it('does not keep a copy read while a change landed', async () => {
    let reads = 0;
    let release: () => void = () => undefined;
    const cache = new ProfileListCache(async () => {
      reads++;
      if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
      return [member(`v${reads}`)];
    });
    const slow = cache.json(0);
    cache.invalidate();
    cache.apply([{ id: 1, kind: 'UPDATE', profileId: member('x').id, profile: member('x') }]);
    release();
    expect(JSON.parse(String((await slow).identity))[0].username).toBe('v1');
    expect(JSON.parse(String((await cache.json(1)).identity))[0].username).toBe('v2');
  });
});
