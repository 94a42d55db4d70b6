import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import { createLiveStream, type LiveMessage, type LiveStreamOptions, type StreamAuth } from './live-stream.ts';

/** One request the stream made, answered by the test playing the server. */
interface Call {
  readonly url: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  /** Answers with an event stream the test then writes to. */
  open(): { send(text: string): void; end(): void };
  /** Answers with a status and headers, no stream. */
  refuse(status: number, headers?: Record<string, string>): void;
  fail(): void;
}

/** Stands in for fetch: records every request and lets the test answer it. */
function fakeServer() {
  const calls: Call[] = [];
  const encoder = new TextEncoder();
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? new AbortController().signal;
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      calls.push({
        url: String(input),
        headers: new Headers(init?.headers),
        signal,
        open() {
          let writer: ReadableStreamDefaultController<Uint8Array> | undefined;
          const body = new ReadableStream<Uint8Array>({
            start: (controller) => {
              writer = controller;
            },
          });
          signal.addEventListener('abort', () => writer?.error(new DOMException('aborted', 'AbortError')));
          resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }));
          return { send: (text) => writer?.enqueue(encoder.encode(text)), end: () => writer?.close() };
        },
        refuse(status, headers = {}) {
          resolve(new Response(JSON.stringify({ error: { code: 'no' } }), { status, headers }));
        },
        fail() {
          reject(new TypeError('network error'));
        },
      });
    });
  const last = (): Call => {
    const call = calls.at(-1);
    if (!call) throw new Error('no request was made');
    return call;
  };
  return { calls, fetch, last };
}

/** Lets the stream's promises (fetch, reads) run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

let server: ReturnType<typeof fakeServer>;
const heard: LiveMessage[] = [];
const liveness: boolean[] = [];

function stream(options: Partial<LiveStreamOptions<LiveMessage>> = {}) {
  return createLiveStream<LiveMessage>({
    url: '/api/realtime/things',
    parse: (message) => message,
    onLive: (live) => liveness.push(live),
    fetch: server.fetch,
    // The jitter at its largest: waits are their full length.
    random: () => 0.999_999,
    ...options,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  server = fakeServer();
  heard.length = 0;
  liveness.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reading events', () => {
  it('parses events with eventsource-parser, across chunks, CRLF and comments, and hands them to every subscriber', async () => {
    const live = stream();
    const second: string[] = [];
    live.subscribe((message) => heard.push(message));
    live.subscribe((message) => second.push(message.event));
    await settle();
    expect(server.calls).toHaveLength(1);
    const { send } = server.last().open();
    send('retry: 2000\n\nevent: READY\ndata: {}\n\n: ping\n\nid: 7\nevent: UPD');
    await settle();
    send('ATE\ndata: {"a":\ndata: 1}\n\r\nid: 8\r\ndata: plain\r\n\r\n');
    await settle();
    expect(heard).toEqual([
      { event: 'READY', data: '{}', id: undefined },
      { event: 'UPDATE', data: '{"a":\n1}', id: '7' },
      { event: 'message', data: 'plain', id: '8' },
    ]);
    expect(second).toEqual(['READY', 'UPDATE', 'message']);
    expect(liveness).toEqual([true]);
  });

  it('drops what parse turns down, and runs onEvent once per event before the subscribers', async () => {
    const order: string[] = [];
    const live = stream({
      parse: (message) => (message.event === 'known' ? message : null),
      onEvent: (message) => order.push(`onEvent ${message.data}`),
    });
    live.subscribe((message) => order.push(`first ${message.data}`));
    live.subscribe((message) => order.push(`second ${message.data}`));
    await settle();
    server.last().open().send('event: unknown\ndata: 1\n\nevent: known\ndata: 2\n\n');
    await settle();
    expect(order).toEqual(['onEvent 2', 'first 2', 'second 2']);
  });
});

describe('the token', () => {
  function auth(tokens: (string | null)[]): StreamAuth & { refreshes: number } {
    let current = 'first-token';
    return {
      refreshes: 0,
      getAccessToken: () => current,
      async refresh() {
        this.refreshes++;
        const next = tokens.shift() ?? null;
        if (next !== null) current = next;
        return next;
      },
    };
  }

  it('goes in the Authorization header, never in the URL; without auth none is sent', async () => {
    stream({ auth: auth([]) }).subscribe();
    await settle();
    expect(server.last().headers.get('authorization')).toBe('Bearer first-token');
    expect(server.last().headers.get('accept')).toBe('text/event-stream');
    expect(server.last().url).toBe('/api/realtime/things');

    stream().subscribe();
    await settle();
    expect(server.last().headers.has('authorization')).toBe(false);
  });

  it('is refreshed once on a 401 and the stream opened with the new one', async () => {
    const session = auth(['second-token']);
    stream({ auth: session }).subscribe((message) => heard.push(message));
    await settle();
    server.last().refuse(401);
    await settle();
    expect(session.refreshes).toBe(1);
    expect(server.calls).toHaveLength(2);
    expect(server.last().headers.get('authorization')).toBe('Bearer second-token');
    server.last().open().send('event: READY\ndata: {}\n\n');
    await settle();
    expect(heard.map((message) => message.event)).toEqual(['READY']);
  });

  it('stops the stream when the refreshed token is refused too, or when there is no session to refresh', async () => {
    const session = auth(['second-token']);
    stream({ auth: session }).subscribe();
    await settle();
    server.last().refuse(401);
    await settle();
    server.last().refuse(401);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(session.refreshes).toBe(1);
    expect(server.calls).toHaveLength(2);

    const signedOut = auth([]);
    stream({ auth: signedOut }).subscribe();
    await settle();
    server.last().refuse(401);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(signedOut.refreshes).toBe(1);
    expect(server.calls).toHaveLength(3);
    expect(liveness).toEqual([false, false]);
  });
});

describe('reconnecting', () => {
  it('after a dropped stream waits the server’s retry delay and sends Last-Event-ID when the stream is resumable', async () => {
    stream({ resumable: true }).subscribe((message) => heard.push(message));
    await settle();
    expect(server.last().headers.has('last-event-id')).toBe(false);
    const first = server.last().open();
    first.send('retry: 3000\n\nid: 41\nevent: READY\ndata: {}\n\nid: 42\nevent: UPDATE\ndata: {}\n\n');
    await settle();
    first.end();
    await vi.advanceTimersByTimeAsync(2990);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.calls).toHaveLength(2);
    expect(server.last().headers.get('last-event-id')).toBe('42');
    expect(liveness).toEqual([true, false]);
  });

  it('sends no Last-Event-ID to a stream that is not resumable', async () => {
    stream().subscribe();
    await settle();
    const first = server.last().open();
    first.send('id: 5\nevent: READY\ndata: {}\n\n');
    await settle();
    first.end();
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(2);
    expect(server.last().headers.has('last-event-id')).toBe(false);
  });

  it('spreads reconnecting tabs out: the wait is between half and all of the delay', async () => {
    stream({ random: () => 0 }).subscribe();
    await settle();
    server.last().open().end();
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
  });

  it('backs off on failures in a row, doubling up to a minute, and starts again once connected', async () => {
    stream().subscribe();
    await settle();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = Date.now();
      const count = server.calls.length;
      if (attempt % 2 === 0) server.last().fail();
      else server.last().refuse(502);
      await settle();
      while (server.calls.length === count) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);

    const connected = server.calls.length;
    server.last().open().end();
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(connected + 1);
    const before = Date.now();
    server.last().fail();
    const count = server.calls.length;
    while (server.calls.length === count) await vi.advanceTimersByTimeAsync(100);
    expect(Date.now() - before).toBe(2000);
  });

  it('waits the Retry-After of a refusal (429, 503), plus at most a fifth more', async () => {
    stream({ random: () => 0 }).subscribe();
    await settle();
    server.last().refuse(429, { 'retry-after': '7' });
    await vi.advanceTimersByTimeAsync(6999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);

    server.last().refuse(503);
    const retryAfterMs = LIVE_STREAM_RETRY_AFTER_SECONDS * 1000;
    await vi.advanceTimersByTimeAsync(retryAfterMs - 1);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(3);

    const jittered = fakeServer();
    createLiveStream({ url: '/x', parse: () => null, fetch: jittered.fetch, random: () => 0.999 }).subscribe();
    await settle();
    jittered.last().refuse(429, { 'retry-after': '10' });
    await vi.advanceTimersByTimeAsync(11_980);
    expect(jittered.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(jittered.calls).toHaveLength(2);
  });

  it('stops for good on a refusal that waiting does not cure (403, 404)', async () => {
    stream().subscribe();
    await settle();
    server.last().refuse(403);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.calls).toHaveLength(1);
  });
});

describe('the subscribers', () => {
  it('share one connection, which stays while any is left and closes with the last', async () => {
    const onClose = vi.fn();
    const live = stream({ onClose });
    const leaveFirst = live.subscribe();
    const leaveSecond = live.subscribe();
    await settle();
    expect(server.calls).toHaveLength(1);
    server.last().open();
    await settle();

    leaveFirst();
    leaveFirst();
    expect(server.last().signal.aborted).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    leaveSecond();
    expect(server.last().signal.aborted).toBe(true);
    expect(onClose).toHaveBeenCalledOnce();
    expect(liveness).toEqual([true, false]);
  });

  it('no reconnect is made once the last has left, and a later subscriber starts afresh', async () => {
    const live = stream({ resumable: true });
    const leave = live.subscribe();
    await settle();
    const first = server.last().open();
    first.send('id: 9\nevent: READY\ndata: {}\n\n');
    await settle();
    first.end();
    await settle();
    leave();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);

    live.subscribe();
    await settle();
    expect(server.calls).toHaveLength(2);
    expect(server.last().headers.has('last-event-id')).toBe(false);
  });

  it('a subscriber that left hears nothing more', async () => {
    const live = stream();
    const gone = vi.fn();
    const leave = live.subscribe(gone);
    live.subscribe((message) => heard.push(message));
    await settle();
    const { send } = server.last().open();
    leave();
    send('event: READY\ndata: {}\n\n');
    await settle();
    expect(gone).not.toHaveBeenCalled();
    expect(heard).toHaveLength(1);
  });
});
