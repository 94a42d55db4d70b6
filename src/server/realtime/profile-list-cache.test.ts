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
    expect(brotliDecompressSync(a.br)).toEqual(a.identity);
    expect(gunzipSync(a.gzip)).toEqual(a.identity);
    expect(a.br.length).toBeLessThan(a.identity.length / 5);
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
    expect(JSON.parse(String((await slow).identity))[0].username).toBe('v1');
    expect(JSON.parse(String((await cache.json(1)).identity))[0].username).toBe('v2');
  });
});
