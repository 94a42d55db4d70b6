import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '#shared/schemas/profile.ts';
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
    expect(JSON.parse(String(await cache.json(1000)))[0].username).toBe('v1');
    expect(JSON.parse(String(await cache.json(1001)))[0].username).toBe('v1');
    cache.invalidate();
    expect(JSON.parse(String(await cache.json(1002)))[0].username).toBe('v2');
    expect(JSON.parse(String(await cache.json(1002 + PROFILE_LIST_MAX_AGE_MS)))[0].username).toBe('v3');
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
    release();
    expect(JSON.parse(String(await slow))[0].username).toBe('v1');
    expect(JSON.parse(String(await cache.json(1)))[0].username).toBe('v2');
  });
});
