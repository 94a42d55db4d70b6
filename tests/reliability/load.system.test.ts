import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadTarget, type MixedLoadResult, runMixedLoad, startLoadTarget } from '#test/mixed-load.ts';
import { fuzzSeed } from '#test/soak.ts';

/**
 * Suite 5, load, short form: SQLite, 200 open live-feed streams and a modest fixed rate for 10 s.
 * What must hold at any speed: every request answered without an error, none refused for a full
 * queue, every stream kept. Throughput and memory are measured, not asserted: `npm run soak`
 * (bench/soak.ts) steps the rate up with 1,000 streams and checks that RSS stays flat.
 */
const RATE = 100;
const STREAMS = 200;
const DURATION_MS = 10_000;

describe('mixed load: people list, sign-ins, bookmark toggles and profile edits with open streams', () => {
  let target: LoadTarget;
  let result: MixedLoadResult;

  beforeAll(async () => {
    target = await startLoadTarget({ seededMembers: 1000, signedInMembers: 20, streams: STREAMS });
    result = await runMixedLoad({
      baseUrl: target.instance.baseUrl,
      pid: target.instance.pid,
      members: target.members,
      rate: RATE,
      durationMs: DURATION_MS,
      // 10 sign-ins on top of the 20 members' first ones: far below 150 token calls per 5 minutes.
      signInsPerSecond: 1,
      seed: fuzzSeed() ?? Date.now() % 2 ** 31,
      // Lost means no answer at all: on a busy machine answers may be slow, which the soak measures (p99).
      timeoutMs: 30_000,
    });
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  it('answers every request of every endpoint without an error, none refused for a full queue', () => {
    // A request refused because too many were waiting is an error too: the queue stayed bounded.
    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    // Nothing lost: every request the schedule sent got its answer.
    expect(result.answered).toBe(result.sent);
    expect(result.endpoints.map((figures) => figures.endpoint).sort()).toEqual([
      'DELETE /api/bookmarks/:project_id',
      'GET /api/profiles',
      'PATCH /api/profiles/:id',
      'POST /api/auth/token',
      'POST /api/bookmarks',
    ]);
    // The open loop sends on the generator's clock, whatever the server's pace: a stalled generator
    // would pass with few requests.
    expect(result.sent).toBeGreaterThanOrEqual(((RATE * DURATION_MS) / 1000) * 0.9);
  });

  it('keeps every live-feed stream open', () => {
    expect(target.streams.failures).toEqual([]);
    expect(target.streams.opened).toBe(STREAMS);
  });
});
