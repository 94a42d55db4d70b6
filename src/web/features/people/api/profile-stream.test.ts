import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import {
  createProfileStream,
  type EventSourceLike,
  PROFILE_STREAM_URL,
  type ProfileStreamEvent,
  type ProfileStreamOptions,
} from './profile-stream.ts';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

/** Stands in for the browser's EventSource: records every connection and lets the test play the server. */
class FakeEventSource implements EventSourceLike {
  static readonly CLOSED = CLOSED;
  static readonly opened: FakeEventSource[] = [];
  readonly url: string;
  readyState = CONNECTING;
  closed = false;
  readonly #listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = CLOSED;
  }

  /** The server sends an event of `type` with `data`. */
  emit(type: string, data = ''): void {
    if (type !== 'error') this.readyState = OPEN;
    for (const listener of this.#listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

const ADA: PublicProfile = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  username: 'ada',
  bio: null,
  avatar_url: null,
  email: null,
  created_at: '2026-03-01T12:00:00.000Z',
};

function stream(options: Partial<ProfileStreamOptions> = {}) {
  return createProfileStream({ EventSource: FakeEventSource, ...options });
}

function openConnections(): FakeEventSource[] {
  return FakeEventSource.opened.filter((source) => !source.closed);
}

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  const [item] = items;
  if (item === undefined) throw new Error('expected one item');
  return item;
}

beforeEach(() => {
  FakeEventSource.opened.length = 0;
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the subscriber count', () => {
  it('opens one connection for the first subscriber and shares it with the next', () => {
    const profiles = stream();
    profiles.subscribe(() => undefined);
    profiles.subscribe(() => undefined);
    expect(only(FakeEventSource.opened).url).toBe(PROFILE_STREAM_URL);
  });

  it('keeps the connection while any subscriber is left and closes it with the last', () => {
    const onClose = vi.fn();
    const profiles = stream({ onClose });
    const leaveFirst = profiles.subscribe(() => undefined);
    const leaveSecond = profiles.subscribe(() => undefined);

    leaveFirst();
    expect(openConnections()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();

    leaveSecond();
    expect(openConnections()).toHaveLength(0);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('does not count a subscriber twice when it leaves twice', () => {
    const profiles = stream();
    const leaveFirst = profiles.subscribe(() => undefined);
    profiles.subscribe(() => undefined);

    leaveFirst();
    leaveFirst();
    expect(openConnections()).toHaveLength(1);
  });

  it('counts the same listener subscribed twice as two subscribers', () => {
    const profiles = stream();
    const listener = () => undefined;
    const leaveFirst = profiles.subscribe(listener);
    profiles.subscribe(listener);

    leaveFirst();
    expect(openConnections()).toHaveLength(1);
  });

  it('opens a new connection for a subscriber who comes after the last one left', () => {
    const profiles = stream();
    profiles.subscribe(() => undefined)();
    profiles.subscribe(() => undefined);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(openConnections()).toHaveLength(1);
  });
});

describe('events', () => {
  it('reach every subscriber, after onEvent has run once', () => {
    const heard: string[] = [];
    const profiles = stream({ onEvent: (event) => heard.push(`onEvent ${event.type}`) });
    profiles.subscribe((event) => heard.push(`first ${event.type}`));
    profiles.subscribe((event) => heard.push(`second ${event.type}`));

    only(FakeEventSource.opened).emit('READY');
    expect(heard).toEqual(['onEvent stale', 'first stale', 'second stale']);
  });

  it('carry the parsed profile and what happened to it; unparsable data is dropped', () => {
    const events: ProfileStreamEvent[] = [];
    stream().subscribe((event) => events.push(event));
    const source = only(FakeEventSource.opened);

    source.emit('INSERT', JSON.stringify(ADA));
    source.emit('UPDATE', '{not json');
    source.emit('UPDATE', JSON.stringify({ ...ADA, id: 'not-a-uuid' }));
    source.emit('RESYNC');
    expect(events).toEqual([{ type: 'change', kind: 'INSERT', profile: ADA }, { type: 'stale' }]);
  });

  it('DELETE carries only the id of a member who left the list; anything else in it is dropped', () => {
    const events: ProfileStreamEvent[] = [];
    stream().subscribe((event) => events.push(event));
    const source = only(FakeEventSource.opened);

    source.emit('DELETE', JSON.stringify({ id: ADA.id }));
    source.emit('DELETE', JSON.stringify(ADA));
    source.emit('DELETE', JSON.stringify({ id: 'not-a-uuid' }));
    source.emit('DELETE', 'not json');
    expect(events).toEqual([{ type: 'removal', id: ADA.id }]);
  });

  it('stop reaching a subscriber that left', () => {
    const profiles = stream();
    const first = vi.fn();
    const leaveFirst = profiles.subscribe(first);
    profiles.subscribe(() => undefined);

    leaveFirst();
    only(FakeEventSource.opened).emit('INSERT', JSON.stringify(ADA));
    expect(first).not.toHaveBeenCalled();
  });
});

describe('a refused stream', () => {
  function refuse(source: FakeEventSource): void {
    source.readyState = CLOSED;
    source.emit('error');
  }

  it('is opened again after the reconnect delay', () => {
    stream({ reconnectDelayMs: 5000 }).subscribe(() => undefined);
    refuse(only(FakeEventSource.opened));

    vi.advanceTimersByTime(4999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(openConnections()).toHaveLength(1);
  });

  it('waits as long as the server asks (Retry-After), plus at most a fifth more so refused tabs spread out', () => {
    const retryAfterMs = LIVE_STREAM_RETRY_AFTER_SECONDS * 1000;
    stream({ random: () => 0 }).subscribe(() => undefined);
    refuse(only(FakeEventSource.opened));
    vi.advanceTimersByTime(retryAfterMs - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);

    FakeEventSource.opened.length = 0;
    stream({ random: () => 0.999 }).subscribe(() => undefined);
    refuse(only(FakeEventSource.opened));
    vi.advanceTimersByTime(retryAfterMs * 1.19);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(retryAfterMs * 0.01);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('is not opened again once the last subscriber has left', () => {
    const leave = stream({ reconnectDelayMs: 5000 }).subscribe(() => undefined);
    refuse(only(FakeEventSource.opened));

    leave();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('is left to the browser to resume when the error is only a dropped connection', () => {
    stream({ reconnectDelayMs: 5000 }).subscribe(() => undefined);
    const source = only(FakeEventSource.opened);
    source.emit('READY');
    source.readyState = CONNECTING;
    source.emit('error');

    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(source.closed).toBe(false);
  });
});
