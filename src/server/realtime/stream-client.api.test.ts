import { describe, expect, it } from 'vitest';
import { serverTest } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import type { FeedClient } from './profile-feed.ts';
import { type EventSink, streamClient } from './stream-client.ts';

/** A response whose reader never reads: everything written stays buffered. */
function stalledSink(): EventSink & { ended: boolean; written: string[] } {
  const sink = {
    ended: false,
    written: [] as string[],
    get writableLength() {
      return sink.written.reduce((sum, chunk) => sum + chunk.length, 0);
    },
    write(chunk: string) {
      sink.written.push(chunk);
      return false;
    },
    end() {
      sink.ended = true;
    },
  };
  return sink;
}

describe('streamClient', () => {
  it('disconnects a client whose unsent data passes the limit, once', () => {
    const sink = stalledSink();
    let warnings = 0;
    const client = streamClient(sink, 100, () => warnings++);
    expect(client.write('x'.repeat(60))).toBe(true);
    expect(client.write('x'.repeat(60))).toBe(true); // 60 buffered: still under the limit
    expect(client.write('x'.repeat(60))).toBe(false); // 120 buffered: cut off
    expect(sink.ended).toBe(true);
    expect(client.open).toBe(false);
    expect(client.write('more')).toBe(false);
    expect(sink.written).toHaveLength(2);
    expect(warnings).toBe(1);
  });
});

const test = serverTest('sqlite');

describe('a slow client on the live feed', () => {
  test('is dropped while the other clients keep receiving every change', async ({ server }) => {
    const stalled = stalledSink();
    const slow = streamClient(stalled, 64, () => undefined);
    const received: string[] = [];
    const fast: FeedClient = {
      write: (chunk) => {
        received.push(chunk);
        return true;
      },
      close: () => undefined,
    };
    await server.app.profileFeed.attach(slow, null);
    await server.app.profileFeed.attach(fast, null);
    const before = server.app.profileFeed.clientCount;

    for (let i = 0; i < 3; i++) await signUpAndSignIn(server);
    await server.app.profileFeed.poke();

    expect(received.join('').match(/event: INSERT/g)).toHaveLength(3);
    expect(slow.open).toBe(false);
    expect(stalled.ended).toBe(true);
    expect(server.app.profileFeed.clientCount).toBe(before - 1);
  });
});
