import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FeedWakeups } from './feed-wakeups.ts';

const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** A feed whose every read sees a new commit land while it reads (a steady stream of edits), `reads` times; `done` counts the reads over. */
function busyFeed(reads: number) {
  let done = 0;
  let wakeups: FeedWakeups;
  const read = async () => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    // Another writer commits during this read: it pokes, as every commit does.
    if (done + 1 < reads) void wakeups.poke();
    done++;
  };
  wakeups = new FeedWakeups({ read, onReadFailed: () => undefined, channel: 'test', log });
  return { wakeups, done: () => done };
}

describe('waking a feed to read what committed', () => {
  it('answers a poke once the next read is over, while commits keep coming and the reads go on', async () => {
    const { wakeups, done } = busyFeed(30);
    void wakeups.poke();
    await new Promise((resolve) => setTimeout(resolve, 1));
    // A request that waits for its own commit, poked during the first read: one read more, not the whole stream.
    await wakeups.poke();
    expect(done()).toBeLessThanOrEqual(2);
    await wakeups.close();
  });

  it('never reads twice at once, and reads again for a poke made during a read', async () => {
    let reading = 0;
    let most = 0;
    let reads = 0;
    const wakeups = new FeedWakeups({
      read: async () => {
        reads++;
        reading++;
        most = Math.max(most, reading);
        await new Promise((resolve) => setTimeout(resolve, 5));
        reading--;
      },
      onReadFailed: () => undefined,
      channel: 'test',
      log,
    });
    const first = wakeups.poke();
    const during = [wakeups.poke(), wakeups.poke()];
    await Promise.all([first, ...during]);
    expect(most).toBe(1);
    // The two pokes during the first read wait for one read after it, together.
    expect(reads).toBe(2);
    await wakeups.close();
  });

  it('a read that fails is reported, and the pokes waiting for it are answered', async () => {
    const failures: unknown[] = [];
    const wakeups = new FeedWakeups({
      read: async () => {
        throw new Error('database gone');
      },
      onReadFailed: (error) => failures.push(error),
      channel: 'test',
      log,
    });
    await wakeups.poke();
    expect(failures).toHaveLength(1);
    await wakeups.close();
    await expect(wakeups.poke()).resolves.toBeUndefined();
  });
});
