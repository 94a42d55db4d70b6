import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import {
  type AuthEvent,
  DEFAULT_STORAGE_KEY,
  REFRESH_MARGIN_MS,
  RETRY_BUDGET_MS,
  SessionManager,
  type SessionManagerOptions,
  TICK_INTERVAL_MS,
} from './session-manager.ts';

const T0 = new Date('2026-03-01T12:00:00Z').getTime();
const ALICE = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const BOB = '9b2f6c1a-5d3e-4a7b-8c9d-1e2f3a4b5c6d';
const REFRESH_URL = '/api/auth/token?grant_type=refresh_token';

function makeSession(name: string, expiresInSeconds = 3600, userId = ALICE): Session {
  return {
    access_token: `access-${name}`,
    refresh_token: `refresh-${name}`,
    expires_in: expiresInSeconds,
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    token_type: 'bearer',
    user: { id: userId, email: userId === ALICE ? 'alice@example.com' : 'bob@example.com' },
  };
}

interface RecordedCall {
  readonly url: string;
  readonly method: string;
  readonly authorization: string | null;
  readonly body: unknown;
}

type Reply = { readonly status: number; readonly body?: unknown } | 'network-error';
type Responder = (call: RecordedCall) => Reply | Promise<Reply>;

/** A fetch that answers from `respond` and records every call, so no test touches the network. */
function createFakeFetch() {
  const calls: RecordedCall[] = [];
  let respond: Responder = () => ({ status: 500 });
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = {
      url,
      method: init?.method ?? 'GET',
      authorization: new Headers(init?.headers).get('authorization'),
      body,
    };
    calls.push(call);
    const reply = await respond(call);
    if (reply === 'network-error') throw new TypeError('fetch failed');
    const payload = reply.status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(payload, { status: reply.status, headers: { 'content-type': 'application/json' } });
  };
  return {
    fetch: fakeFetch,
    calls,
    respondWith(next: Responder) {
      respond = next;
    },
    /** Answers with `replies` in order, repeating the last one. */
    replyInOrder(...replies: Reply[]) {
      let index = 0;
      respond = () => {
        const reply = replies[Math.min(index, replies.length - 1)];
        index += 1;
        if (reply === undefined) throw new Error('replyInOrder needs at least one reply');
        return reply;
      };
    },
  };
}

function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

/** Stands in for the window 'storage' event: the test plays the other tab. */
function createOtherTab() {
  let onChange: ((key: string | null, newValue: string | null) => void) | null = null;
  const subscribe: NonNullable<SessionManagerOptions['subscribeToStorage']> = (listener) => {
    onChange = listener;
    return () => {
      onChange = null;
    };
  };
  return {
    subscribe,
    change(key: string | null, newValue: string | null) {
      onChange?.(key, newValue);
    },
    get listening() {
      return onChange !== null;
    },
  };
}

/** Stands in for `navigator.onLine` and the 'online' event: the test pulls and plugs the cable. */
function createConnectivity() {
  let online = true;
  const listeners = new Set<() => void>();
  return {
    isOnline: () => online,
    onOnline(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    goOffline() {
      online = false;
    },
    goOnline() {
      online = true;
      for (const listener of [...listeners]) listener();
    },
    get listening() {
      return listeners.size > 0;
    },
  };
}

function refreshedSession(name: string, expiresInSeconds = 3600): Session {
  return makeSession(name, expiresInSeconds);
}

let server: ReturnType<typeof createFakeFetch>;
let storage: Storage;
let otherTab: ReturnType<typeof createOtherTab>;
let connectivity: ReturnType<typeof createConnectivity>;
let manager: SessionManager;
let events: Array<[AuthEvent, Session | null]>;

function createManager(): SessionManager {
  manager = new SessionManager({ fetch: server.fetch, storage, subscribeToStorage: otherTab.subscribe, connectivity });
  manager.onAuthStateChange((event, session) => events.push([event, session]));
  return manager;
}

function store(session: Session): void {
  storage.setItem(DEFAULT_STORAGE_KEY, JSON.stringify(session));
}

function stored(): unknown {
  const raw = storage.getItem(DEFAULT_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

function eventNames(): AuthEvent[] {
  return events.map(([event]) => event);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  server = createFakeFetch();
  storage = createMemoryStorage();
  otherTab = createOtherTab();
  connectivity = createConnectivity();
  events = [];
});

afterEach(() => {
  manager.stop();
  vi.useRealTimers();
});

describe('start', () => {
  it('emits INITIAL_SESSION null when nothing is stored', () => {
    createManager().start();
    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(manager.getSession()).toBeNull();
    expect(manager.getAccessToken()).toBeNull();
  });

  it('emits INITIAL_SESSION with a stored valid session and makes no request', async () => {
    const session = makeSession('1');
    store(session);
    createManager().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual([['INITIAL_SESSION', session]]);
    expect(manager.getAccessToken()).toBe('access-1');
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{not json'],
    ['JSON of the wrong shape', JSON.stringify({ access_token: 'a', user: { id: ALICE } })],
  ])('removes a corrupt stored value (%s) and starts signed out', (_label, raw) => {
    storage.setItem(DEFAULT_STORAGE_KEY, raw);
    createManager().start();
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(manager.getSession()).toBeNull();
  });

  it('gives a later subscriber INITIAL_SESSION once, and start() is idempotent', () => {
    const session = makeSession('1');
    store(session);
    createManager().start();
    manager.start();
    const late: Array<[AuthEvent, Session | null]> = [];
    manager.onAuthStateChange((event, current) => late.push([event, current]));
    expect(late).toEqual([['INITIAL_SESSION', session]]);
    expect(events).toEqual([['INITIAL_SESSION', session]]);
  });

  it('refreshes right away when the stored access token has already expired', async () => {
    const expired = makeSession('old', 3600);
    vi.setSystemTime(T0 + 2 * 3600_000);
    store(expired);
    const fresh = refreshedSession('new');
    server.replyInOrder({ status: 200, body: fresh });
    createManager().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toEqual([
      { url: REFRESH_URL, method: 'POST', authorization: null, body: { refresh_token: 'refresh-old' } },
    ]);
    expect(events).toEqual([
      ['INITIAL_SESSION', expired],
      ['TOKEN_REFRESHED', fresh],
    ]);
  });
});

describe('the 30 s tick', () => {
  it('refreshes at the first tick where 90 s or less remain, and persists the new session', async () => {
    // 210 s left at start: 180, 150, 120 at the first three ticks, exactly 90 at the fourth.
    store(makeSession('1', 210));
    const fresh = refreshedSession('2');
    server.replyInOrder({ status: 200, body: fresh });
    createManager().start();

    await vi.advanceTimersByTimeAsync(4 * TICK_INTERVAL_MS - 1);
    expect(server.calls).toHaveLength(0);
    expect(210_000 - 4 * TICK_INTERVAL_MS).toBe(REFRESH_MARGIN_MS);

    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual([
      { url: REFRESH_URL, method: 'POST', authorization: null, body: { refresh_token: 'refresh-1' } },
    ]);
    expect(events.at(-1)).toEqual(['TOKEN_REFRESHED', fresh]);
    expect(manager.getAccessToken()).toBe(fresh.access_token);
    expect(stored()).toEqual(fresh);
  });

  it('stops ticking after stop()', async () => {
    store(makeSession('1', 60));
    createManager().start();
    server.replyInOrder({ status: 200, body: refreshedSession('2', 100) });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    manager.stop();
    expect(otherTab.listening).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * TICK_INTERVAL_MS);
    expect(server.calls).toHaveLength(1);
  });
  it('gives up a refresh that is waiting to retry when stopped', async () => {
    const original = makeSession('1');
    store(original);
    createManager().start();
    server.replyInOrder({ status: 503 });

    const result = manager.refreshSession();
    await vi.advanceTimersByTimeAsync(100);
    manager.stop();
    await expect(result).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(RETRY_BUDGET_MS);
    expect(server.calls).toHaveLength(1);
    expect(manager.getSession()).toEqual(original);
  });
});

describe('refresh back-off', () => {
  const transientFailures: Array<[string, Reply]> = [
    ['502', { status: 502 }],
    ['503', { status: 503, body: { error: { code: 'unavailable', message: 'Try later' } } }],
    ['504', { status: 504 }],
    ['a network error', 'network-error'],
  ];

  it.each(transientFailures)('retries %s after 200, 400 and 800 ms, then succeeds', async (_label, failure) => {
    const original = makeSession('1');
    store(original);
    createManager().start();
    const fresh = refreshedSession('2');
    server.replyInOrder(failure, failure, failure, { status: 200, body: fresh });

    const result = manager.refreshSession();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    for (const [delay, callsAfter] of [
      [200, 2],
      [400, 3],
      [800, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(server.calls).toHaveLength(callsAfter - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.calls).toHaveLength(callsAfter);
    }

    await expect(result).resolves.toEqual(fresh);
    expect(manager.getSession()).toEqual(fresh);
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });

  it('gives up within the 90 s budget when the server keeps answering 503, and keeps the session', async () => {
    const original = makeSession('1');
    store(original);
    createManager().start();
    server.replyInOrder({ status: 503 });

    const result = manager.refreshSession();
    // Calls at 0, then after 200, 400, 800, … ms; the next wait (51.2 s at 51 s) would end past 90 s.
    const callTimes = [0, 200, 600, 1_400, 3_000, 6_200, 12_600, 25_400, 51_000];
    let elapsed = 0;
    for (const [index, at] of callTimes.entries()) {
      if (at > 0) {
        await vi.advanceTimersByTimeAsync(at - elapsed - 1);
        expect(server.calls).toHaveLength(index);
        await vi.advanceTimersByTimeAsync(1);
      } else {
        await vi.advanceTimersByTimeAsync(0);
      }
      elapsed = at;
      expect(server.calls).toHaveLength(index + 1);
    }
    expect(51_000 + 51_200).toBeGreaterThan(RETRY_BUDGET_MS);

    await vi.advanceTimersByTimeAsync(RETRY_BUDGET_MS * 2);
    expect(server.calls).toHaveLength(callTimes.length);
    await expect(result).resolves.toBeNull();
    expect(manager.getSession()).toEqual(original);
    expect(stored()).toEqual(original);
    expect(eventNames()).toEqual(['INITIAL_SESSION']);
  });

  it.each([400, 401])('does not retry %i: the refresh token is spent, so it signs out', async (status) => {
    store(makeSession('1'));
    createManager().start();
    server.replyInOrder({
      status,
      body: { error: { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' } },
    });

    const result = manager.refreshSession();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBeNull();
    expect(server.calls).toHaveLength(1);
    expect(manager.getSession()).toBeNull();
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
  });

  // 500 (and 429) mean the server failed or wants us to slow down, not that the token is bad:
  // no retry, no sign-out — the session stays and the next tick tries again.
  it.each([500, 429])('does not retry %i and keeps the session', async (status) => {
    const original = makeSession('1');
    store(original);
    createManager().start();
    server.replyInOrder({ status, body: { error: { code: 'internal_error', message: 'Something went wrong' } } });

    const result = manager.refreshSession();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBeNull();
    expect(server.calls).toHaveLength(1);
    expect(manager.getSession()).toEqual(original);
    expect(stored()).toEqual(original);
    expect(eventNames()).toEqual(['INITIAL_SESSION']);
  });

  it('adopts the session another tab just stored instead of signing out when the token was already used', async () => {
    store(makeSession('1'));
    createManager().start();
    const fromOtherTab = refreshedSession('other-tab');
    server.respondWith(() => {
      // The other tab won the race; its storage event has not reached us yet.
      store(fromOtherTab);
      return { status: 400, body: { error: { code: 'refresh_token_already_used', message: 'Already Used' } } };
    });

    await expect(manager.refreshSession()).resolves.toEqual(fromOtherTab);
    expect(manager.getAccessToken()).toBe('access-other-tab');
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
  });
});

describe('offline (product D15)', () => {
  it('does not refresh while offline, keeps the session past its expiry, and refreshes once back online', async () => {
    const original = makeSession('1', 60);
    store(original);
    connectivity.goOffline();
    createManager().start();
    server.replyInOrder('network-error');

    // Two hours offline: the access token expired long ago, and nobody was signed out.
    await vi.advanceTimersByTimeAsync(2 * 3600_000);
    expect(server.calls).toHaveLength(0);
    expect(manager.getSession()).toEqual(original);
    expect(stored()).toEqual(original);
    expect(eventNames()).toEqual(['INITIAL_SESSION']);

    const fresh = refreshedSession('2');
    server.replyInOrder({ status: 200, body: fresh });
    connectivity.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toEqual([
      { url: REFRESH_URL, method: 'POST', authorization: null, body: { refresh_token: 'refresh-1' } },
    ]);
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);
    expect(manager.getSession()).toEqual(fresh);
  });

  it('stops retrying when the network goes during a refresh, keeps the session, and retries on online', async () => {
    const original = makeSession('1', 60);
    store(original);
    server.respondWith(() => {
      connectivity.goOffline();
      return 'network-error';
    });
    createManager().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(RETRY_BUDGET_MS + 10 * TICK_INTERVAL_MS);
    expect(server.calls).toHaveLength(1);
    expect(manager.getSession()).toEqual(original);
    expect(eventNames()).toEqual(['INITIAL_SESSION']);

    const fresh = refreshedSession('2');
    server.replyInOrder({ status: 200, body: fresh });
    connectivity.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(2);
    expect(manager.getSession()).toEqual(fresh);
  });

  it('answers a refresh asked for while offline with no session change and no request', async () => {
    const original = makeSession('1');
    store(original);
    connectivity.goOffline();
    createManager().start();
    await expect(manager.refreshSession()).resolves.toBeNull();
    expect(server.calls).toHaveLength(0);
    expect(manager.getSession()).toEqual(original);
  });

  it('still signs out when, back online, the server refuses the refresh token', async () => {
    store(makeSession('1', 60));
    connectivity.goOffline();
    createManager().start();
    server.replyInOrder({
      status: 400,
      body: { error: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' } },
    });
    connectivity.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    expect(manager.getSession()).toBeNull();
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });

  it('stops listening for the network after stop()', () => {
    createManager().start();
    expect(connectivity.listening).toBe(true);
    manager.stop();
    expect(connectivity.listening).toBe(false);
  });
});

describe('concurrent refreshes', () => {
  it('share one request', async () => {
    store(makeSession('1'));
    createManager().start();
    const fresh = refreshedSession('2');
    let answer: (reply: Reply) => void = () => undefined;
    server.respondWith(() => new Promise<Reply>((resolve) => (answer = resolve)));

    const results = Promise.all([manager.refreshSession(), manager.refreshSession(), manager.refreshSession()]);
    await vi.advanceTimersByTimeAsync(0);
    answer({ status: 200, body: fresh });

    await expect(results).resolves.toEqual([fresh, fresh, fresh]);
    expect(server.calls).toHaveLength(1);
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'TOKEN_REFRESHED']);

    server.replyInOrder({ status: 200, body: refreshedSession('3') });
    await manager.refreshSession();
    expect(server.calls).toHaveLength(2);
  });

  it('does not bring the session back when the user signs out while a refresh is on its way', async () => {
    store(makeSession('1'));
    createManager().start();
    let answer: (reply: Reply) => void = () => undefined;
    server.respondWith((call) =>
      call.url === REFRESH_URL ? new Promise<Reply>((resolve) => (answer = resolve)) : { status: 204 },
    );

    const result = manager.refreshSession();
    await vi.advanceTimersByTimeAsync(0);
    await manager.signOut();
    answer({ status: 200, body: refreshedSession('2') });

    await expect(result).resolves.toBeNull();
    expect(manager.getSession()).toBeNull();
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });
});

describe('signOut', () => {
  it.each<[string, Reply]>([
    ['204', { status: 204 }],
    ['401', { status: 401, body: { error: { code: 'session_missing', message: 'Auth session missing!' } } }],
    ['403', { status: 403 }],
    ['404', { status: 404 }],
    ['500', { status: 500 }],
    ['a network error', 'network-error'],
  ])('clears the local session when the server answers %s', async (_label, reply) => {
    store(makeSession('1'));
    createManager().start();
    server.replyInOrder(reply);

    await expect(manager.signOut()).resolves.toBeUndefined();
    expect(server.calls).toEqual([
      { url: '/api/auth/logout', method: 'POST', authorization: 'Bearer access-1', body: undefined },
    ]);
    expect(manager.getSession()).toBeNull();
    expect(manager.getAccessToken()).toBeNull();
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
  });
});

describe('club operations (product D12, D13)', () => {
  const suspended = {
    status: 403,
    body: {
      error: { code: 'user_suspended', message: 'This account is suspended. Ask your club’s RoboForge administrator.' },
    },
  } as const;

  it('says why the session ended when the server refuses its refresh, and forgets it at the next sign-in', async () => {
    store(makeSession('1', 60));
    server.replyInOrder(suspended);
    createManager().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
    expect(manager.getEndReason()).toEqual({
      code: 'user_suspended',
      message: 'This account is suspended. Ask your club’s RoboForge administrator.',
    });

    server.replyInOrder({ status: 200, body: makeSession('2') });
    await manager.signInWithPassword({ email: 'alice@example.com', password: 'secret-pw' });
    expect(manager.getEndReason()).toBeNull();
  });

  it('gives no reason for a sign-out on purpose', async () => {
    store(makeSession('1'));
    createManager().start();
    server.replyInOrder({ status: 204 });
    await manager.signOut();
    expect(manager.getEndReason()).toBeNull();
  });

  it('signs out everywhere: asks the server for scope=global first, then forgets the session here', async () => {
    store(makeSession('1'));
    createManager().start();
    server.replyInOrder({ status: 204 });
    await manager.signOutEverywhere();
    expect(server.calls).toEqual([
      { url: '/api/auth/logout?scope=global', method: 'POST', authorization: 'Bearer access-1', body: undefined },
    ]);
    expect(manager.getSession()).toBeNull();
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
  });

  it('stays signed in when the server cannot sign out everywhere, so the member knows it did not happen', async () => {
    const session = makeSession('1');
    store(session);
    createManager().start();
    server.replyInOrder('network-error');
    await expect(manager.signOutEverywhere()).rejects.toMatchObject({ code: 'network_error' });
    expect(manager.getSession()).toEqual(session);
    expect(eventNames()).toEqual(['INITIAL_SESSION']);
  });

  it('refreshes a lapsed access token once before signing out everywhere', async () => {
    store(makeSession('1'));
    createManager().start();
    const fresh = refreshedSession('2');
    server.replyInOrder(
      { status: 401, body: { error: { code: 'bad_jwt', message: 'Invalid or expired access token.' } } },
      { status: 200, body: fresh },
      { status: 204 },
    );
    await manager.signOutEverywhere();
    expect(server.calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/auth/logout?scope=global', 'Bearer access-1'],
      [REFRESH_URL, null],
      ['/api/auth/logout?scope=global', 'Bearer access-2'],
    ]);
    expect(manager.getSession()).toBeNull();
  });

  it('forgets a session the server has already ended without a request', () => {
    store(makeSession('1'));
    createManager().start();
    manager.forgetSession();
    expect(server.calls).toHaveLength(0);
    expect(manager.getSession()).toBeNull();
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'SIGNED_OUT']);
  });

  it('signs in with the session a password reset answers', async () => {
    createManager().start();
    const session = makeSession('1');
    server.replyInOrder({ status: 200, body: session });
    await expect(manager.resetPassword({ token: 'link-token', password: 'new-password' })).resolves.toEqual(session);
    expect(server.calls).toEqual([
      {
        url: '/api/auth/reset',
        method: 'POST',
        authorization: null,
        body: { token: 'link-token', password: 'new-password' },
      },
    ]);
    expect(stored()).toEqual(session);
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
  });

  it('stays signed out when the reset link is refused', async () => {
    createManager().start();
    server.replyInOrder({
      status: 400,
      body: { error: { code: 'reset_token_invalid', message: 'This reset link does not work.' } },
    });
    await expect(manager.resetPassword({ token: 'spent', password: 'new-password' })).rejects.toMatchObject({
      code: 'reset_token_invalid',
    });
    expect(manager.getSession()).toBeNull();
    expect(eventNames()).toEqual(['INITIAL_SESSION']);
  });
});

describe('signInWithPassword', () => {
  it('stores the session and emits SIGNED_IN', async () => {
    createManager().start();
    const session = makeSession('1');
    server.replyInOrder({ status: 200, body: session });

    await expect(manager.signInWithPassword({ email: 'alice@example.com', password: 'secret-pw' })).resolves.toEqual(
      session,
    );
    expect(server.calls).toEqual([
      {
        url: '/api/auth/token?grant_type=password',
        method: 'POST',
        authorization: null,
        body: { email: 'alice@example.com', password: 'secret-pw' },
      },
    ]);
    expect(manager.getAccessToken()).toBe('access-1');
    expect(stored()).toEqual(session);
    expect(events).toEqual([
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', session],
    ]);
  });

  it('rejects with the server message on invalid credentials and stays signed out', async () => {
    createManager().start();
    server.replyInOrder({
      status: 400,
      body: { error: { code: 'invalid_credentials', message: 'Invalid login credentials' } },
    });

    const error = await manager.signInWithPassword({ email: 'alice@example.com', password: 'wrong' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(manager.getSession()).toBeNull();
    expect(manager.getAccessToken()).toBeNull();
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(eventNames()).toEqual(['INITIAL_SESSION']);
  });

  it('still signs in when storage refuses to write', async () => {
    storage.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    createManager().start();
    server.replyInOrder({ status: 200, body: makeSession('1') });

    await manager.signInWithPassword({ email: 'alice@example.com', password: 'secret-pw' });
    expect(manager.getAccessToken()).toBe('access-1');
    expect(eventNames()).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
  });
});

describe('signUp', () => {
  it('creates the account without signing in', async () => {
    createManager().start();
    const user = { id: ALICE, email: 'alice@example.com', created_at: new Date(T0).toISOString() };
    server.replyInOrder({ status: 200, body: { user } });

    await expect(manager.signUp({ email: 'alice@example.com', password: 'secret-pw' })).resolves.toEqual({ user });
    expect(server.calls[0]).toMatchObject({
      url: '/api/auth/signup',
      body: { email: 'alice@example.com', password: 'secret-pw' },
    });
    expect(manager.getSession()).toBeNull();
    expect(eventNames()).toEqual(['INITIAL_SESSION']);
  });

  it('rejects with the server message when the user exists', async () => {
    createManager().start();
    server.replyInOrder({
      status: 422,
      body: { error: { code: 'user_already_exists', message: 'User already registered' } },
    });

    await expect(manager.signUp({ email: 'alice@example.com', password: 'secret-pw' })).rejects.toMatchObject({
      status: 422,
      message: 'User already registered',
    });
  });
});

describe('across tabs', () => {
  it('signs out without a server call when another tab removes the session', () => {
    store(makeSession('1'));
    createManager().start();

    otherTab.change(DEFAULT_STORAGE_KEY, null);
    expect(manager.getSession()).toBeNull();
    expect(manager.getAccessToken()).toBeNull();
    expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
    expect(server.calls).toHaveLength(0);
  });

  it('adopts a session another tab refreshed as TOKEN_REFRESHED', () => {
    store(makeSession('1'));
    createManager().start();
    const fresh = refreshedSession('2');

    otherTab.change(DEFAULT_STORAGE_KEY, JSON.stringify(fresh));
    expect(manager.getAccessToken()).toBe('access-2');
    expect(events.at(-1)).toEqual(['TOKEN_REFRESHED', fresh]);
  });

  it('adopts another user signing in as SIGNED_IN', () => {
    createManager().start();
    const bob = makeSession('bob', 3600, BOB);

    otherTab.change(DEFAULT_STORAGE_KEY, JSON.stringify(bob));
    expect(manager.getSession()).toEqual(bob);
    expect(events.at(-1)).toEqual(['SIGNED_IN', bob]);
  });

  it('ignores other keys and corrupt values', () => {
    store(makeSession('1'));
    createManager().start();

    otherTab.change('theme', null);
    otherTab.change(DEFAULT_STORAGE_KEY, '{broken');
    expect(manager.getAccessToken()).toBe('access-1');
    expect(eventNames()).toEqual(['INITIAL_SESSION']);
  });
});

describe('notifyUserUpdated', () => {
  it('emits USER_UPDATED with the current session', () => {
    const session = makeSession('1');
    store(session);
    createManager().start();

    manager.notifyUserUpdated();
    expect(events.at(-1)).toEqual(['USER_UPDATED', session]);
  });
});
