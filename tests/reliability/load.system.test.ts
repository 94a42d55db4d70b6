import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzSeed } from '#test/soak.ts';
import {
  type LoadTarget,
  type MixedLoadOptions,
  type MixedLoadResult,
  RSS_GROWTH_BOUND_MB,
  rssHalves,
  runMixedLoad,
  startLoadTarget,
} from './mixed-load.ts';

/**
 * Suite 5, load, short form: SQLite, 200 open live-feed streams and a modest fixed rate, 5 s to
 * warm up and 10 s measured. `npm run soak` (bench/soak.ts) steps the rate up with 1,000 streams.
 */
const RATE = 100;
const STREAMS = 200;
const DURATION_MS = 10_000;

describe('mixed load: people list, sign-ins, bookmark toggles and profile edits with open streams', () => {
  let target: LoadTarget;
  let warmUp: MixedLoadResult;
  let result: MixedLoadResult;

  beforeAll(async () => {
    target = await startLoadTarget({ seededMembers: 1000, signedInMembers: 20, streams: STREAMS });
    const load: MixedLoadOptions = {
      baseUrl: target.instance.baseUrl,
      pid: target.instance.pid,
      members: target.members,
      rate: RATE,
      durationMs: DURATION_MS,
      // 15 sign-ins on top of the 20 members' first ones: far below 150 token calls per 5 minutes.
      signInsPerSecond: 1,
      seed: fuzzSeed() ?? Date.now() % 2 ** 31,
    };
    // The server's memory grows to its working set first; flatness is judged after that.
    warmUp = await runMixedLoad({ ...load, durationMs: 5000 });
    result = await runMixedLoad(load);
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  it('answers every request of every endpoint without an error', () => {
    expect([...warmUp.errorSamples, ...result.errorSamples]).toEqual([]);
    expect(warmUp.errors + result.errors).toBe(0);
    expect(result.endpoints.map((figures) => figures.endpoint).sort()).toEqual([
      'DELETE /api/bookmarks/:project_id',
      'GET /api/profiles',
      'PATCH /api/profiles/:id',
      'POST /api/auth/token',
      'POST /api/bookmarks',
    ]);
    // The open loop really sent the rate (a stalled generator would pass with few requests).
    expect(result.answeredPerSecond).toBeGreaterThan(RATE * 0.9);
  });

  it('keeps every live-feed stream open', () => {
    expect(target.streams.failures).toEqual([]);
    expect(target.streams.opened).toBe(STREAMS);
  });

  it(`keeps memory flat: the second half's peak within ${RSS_GROWTH_BOUND_MB} MB of the first's`, () => {
    const [firstHalf, secondHalf] = rssHalves(result.rss, DURATION_MS);
    expect(result.rss.length).toBeGreaterThan(20);
    expect(secondHalf - firstHalf).toBeLessThanOrEqual(RSS_GROWTH_BOUND_MB);
  });
});
