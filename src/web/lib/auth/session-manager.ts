import { type Session, sessionSchema, signUpResponseSchema } from '#shared/schemas/auth.ts';
import { z } from '#shared/schemas/z.ts';
import { type ApiClient, ApiRequestError, createApiClient, isRetryable } from '#web/lib/api-client.ts';
import { isOnline, onBackOnline } from '#web/lib/offline/connectivity.ts';
import { SESSION_STORAGE_KEY } from './storage-key.ts';

export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';
type AuthListener = (event: AuthEvent, session: Session | null) => void;
type SignUpResult = z.infer<typeof signUpResponseSchema>;

/** Why the server refused to refresh the session that just ended, e.g. `user_suspended` (product §8). */
export interface SessionEndReason {
  readonly code: string;
  readonly message: string;
}

/** Whether the browser has a network, and a way to hear that it is back (default: `navigator.onLine` and 'online'). */
export interface Connectivity {
  isOnline(): boolean;
  /** Calls `listener` each time the browser comes back online; returns the undo. */
  onOnline(listener: () => void): () => void;
}

export interface SessionManagerOptions {
  /** The fetch the API client runs on; default: the browser's. */
  fetch?: typeof fetch;
  storage?: Storage | null;
  storageKey?: string;
  now?: () => number;
  /** Subscribes to cross-tab storage changes; default: window 'storage' events. Returns an unsubscribe function. */
  subscribeToStorage?: (onChange: (key: string | null, newValue: string | null) => void) => () => void;
  connectivity?: Connectivity;
}

export const DEFAULT_STORAGE_KEY = SESSION_STORAGE_KEY;
export const TICK_INTERVAL_MS = 30_000;
export const REFRESH_MARGIN_MS = 90_000;
const RETRY_START_MS = 200;
export const RETRY_BUDGET_MS = 90_000;

/** What one refresh request came to; decides between retrying, keeping and dropping the session. */
type RefreshOutcome =
  | { readonly kind: 'refreshed'; readonly session: Session }
  | { readonly kind: 'retryable' }
  | { readonly kind: 'rejected'; readonly reason: SessionEndReason }
  | { readonly kind: 'server_failed' };

interface PendingWait {
  readonly timer: ReturnType<typeof setTimeout>;
  readonly resolve: () => void;
}

/** The signed-in session in the browser: persisted, refreshed before it expires, shared between tabs. */
export class SessionManager {
  readonly #api: ApiClient;
  readonly #storage: Storage | null;
  readonly #storageKey: string;
  readonly #now: () => number;
  readonly #subscribeToStorage: SessionManagerOptions['subscribeToStorage'];
  readonly #connectivity: Connectivity;
  readonly #listeners = new Set<AuthListener>();
  readonly #pendingWaits = new Set<PendingWait>();
  #session: Session | null = null;
  #started = false;
  #tickTimer: ReturnType<typeof setInterval> | null = null;
  #unsubscribeStorage: (() => void) | null = null;
  #unsubscribeOnline: (() => void) | null = null;
  #inFlightRefresh: Promise<Session | null> | null = null;
  #endReason: SessionEndReason | null = null;
  // Bumped by stop() so a retry loop waiting on a timer knows to give up.
  #generation = 0;

  constructor(options: SessionManagerOptions = {}) {
    this.#api = createApiClient(options.fetch);
    this.#storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.#storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY;
    this.#now = options.now ?? (() => Date.now());
    this.#subscribeToStorage = options.subscribeToStorage;
    this.#connectivity = options.connectivity ?? { isOnline, onOnline: onBackOnline };
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;

    const raw = this.#readStorage();
    this.#session = raw === null ? null : parseSession(raw);
    if (raw !== null && this.#session === null) this.#removeStorage();

    this.#tickTimer = setInterval(() => this.#tick(), TICK_INTERVAL_MS);
    const subscribe = this.#subscribeToStorage ?? this.#defaultStorageSubscription();
    this.#unsubscribeStorage = subscribe?.((key, newValue) => this.#onStorageChange(key, newValue)) ?? null;
    // A refresh that was due while offline happens as soon as the network is back (product D15).
    this.#unsubscribeOnline = this.#connectivity.onOnline(() => this.#tick());

    this.#emit('INITIAL_SESSION');
    this.#tick();
  }

  stop(): void {
    if (this.#tickTimer !== null) clearInterval(this.#tickTimer);
    this.#tickTimer = null;
    this.#unsubscribeStorage?.();
    this.#unsubscribeStorage = null;
    this.#unsubscribeOnline?.();
    this.#unsubscribeOnline = null;
    this.#generation += 1;
    for (const wait of this.#pendingWaits) {
      clearTimeout(wait.timer);
      wait.resolve();
    }
    this.#pendingWaits.clear();
    this.#started = false;
  }

  getSession(): Session | null {
    return this.#session;
  }

  getAccessToken(): string | null {
    return this.#session?.access_token ?? null;
  }

  /** Why the last session ended, when the server refused its refresh; null after a sign-in or a sign-out on purpose. */
  getEndReason(): SessionEndReason | null {
    return this.#endReason;
  }

  onAuthStateChange(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    if (this.#started) callListener(listener, 'INITIAL_SESSION', this.#session);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  signInWithPassword(credentials: { email: string; password: string }): Promise<Session> {
    return this.signInWith('/api/auth/token?grant_type=password', {
      email: credentials.email,
      password: credentials.password,
    });
  }

  /**
   * A call that answers a session (sign-in, a reset link, a learner's class sign-in at `/c/<code>`,
   * product D16): the member is signed in with it.
   */
  async signInWith(path: string, body: unknown): Promise<Session> {
    const session = await this.#api(path, sessionSchema, { method: 'POST', body });
    this.#setSession(session, 'SIGNED_IN');
    return session;
  }

  /** Returns the created user; it does not sign in (product D10: the user logs in next). */
  async signUp(credentials: { email: string; password: string }): Promise<SignUpResult> {
    const redirect = typeof window === 'undefined' ? {} : { redirect_to: `${window.location.origin}/` };
    return this.#api('/api/auth/signup', signUpResponseSchema, {
      method: 'POST',
      body: { email: credentials.email, password: credentials.password, ...redirect },
    });
  }

  async signOut(): Promise<void> {
    const accessToken = this.getAccessToken();
    // Forget locally first: signing out must work even when the server is slow or gone.
    this.#setSession(null, 'SIGNED_OUT');
    if (accessToken === null) return;
    try {
      await this.#api('/api/auth/logout', z.unknown(), { method: 'POST', accessToken });
    } catch {
      // 401, 403 and 404 mean the server holds no such session any more (product §7); any other failure
      // leaves a token that expires on its own. Either way the local session is already gone.
    }
  }

  /**
   * Ends every session of the account (`scope=global`), then this one here. Unlike signOut, the
   * server must agree first: if it cannot be asked, this throws and the member stays signed in,
   * since the other devices would otherwise stay signed in unnoticed.
   */
  async signOutEverywhere(): Promise<void> {
    const logout = (accessToken: string | null) =>
      this.#api('/api/auth/logout?scope=global', z.unknown(), { method: 'POST', accessToken });
    try {
      await logout(this.getAccessToken());
    } catch (error) {
      // An access token that lapsed while the tab slept: refresh once and ask again.
      if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
      const refreshed = await this.refreshSession();
      if (refreshed === null) throw error;
      await logout(refreshed.access_token);
    }
    this.#setSession(null, 'SIGNED_OUT');
  }

  /** Forgets a session the server has already ended (the account was deleted), without asking it. */
  forgetSession(): void {
    if (this.#session !== null) this.#setSession(null, 'SIGNED_OUT');
  }

  /** Sets a new password with a reset link's token; the answer is a session, so the member is signed in. */
  resetPassword(reset: { token: string; password: string }): Promise<Session> {
    return this.signInWith('/api/auth/reset', { token: reset.token, password: reset.password });
  }

  refreshSession(): Promise<Session | null> {
    this.#inFlightRefresh ??= this.#refreshWithRetries().finally(() => {
      this.#inFlightRefresh = null;
    });
    return this.#inFlightRefresh;
  }

  notifyUserUpdated(): void {
    this.#emit('USER_UPDATED');
  }

  async #refreshWithRetries(): Promise<Session | null> {
    const generation = this.#generation;
    const startedAt = this.#now();
    // Another tab may have refreshed a moment ago; its session is then good enough unless it is close to expiry too.
    const adopted = this.#adoptNewerStoredSession();
    if (adopted !== null && !this.#needsRefresh(adopted)) return adopted;
    const from = this.#session;
    if (from === null) return null;

    for (let attempt = 0; ; attempt += 1) {
      // Offline the server cannot be asked, let alone refuse: keep the session and wait for 'online'.
      if (!this.#connectivity.isOnline()) return null;
      const outcome = await this.#requestRefresh(from.refresh_token);
      if (outcome.kind === 'refreshed') return this.#acceptRefreshed(from, outcome.session);
      if (outcome.kind === 'rejected') return this.#handleRejectedRefresh(from, outcome.reason);
      // The server erred, not the token (500, 429, garbled answer): keep the session, let the next tick try.
      if (outcome.kind === 'server_failed') return null;
      // The network went away during the request: no back-off against a cable that is out; 'online' resumes.
      if (!this.#connectivity.isOnline()) return null;

      const delay = RETRY_START_MS * 2 ** attempt;
      if (this.#now() - startedAt + delay > RETRY_BUDGET_MS) return null;
      await this.#wait(delay);
      if (generation !== this.#generation) return null;
      // Signed out, signed in as someone else or refreshed by another tab while we waited.
      if (this.#session?.refresh_token !== from.refresh_token) return this.#sameUserSession(from);
    }
  }

  async #requestRefresh(refreshToken: string): Promise<RefreshOutcome> {
    try {
      const session = await this.#api('/api/auth/token?grant_type=refresh_token', sessionSchema, {
        method: 'POST',
        body: { refresh_token: refreshToken },
      });
      return { kind: 'refreshed', session };
    } catch (error) {
      // No answer, or 502/503/504.
      if (!(error instanceof ApiRequestError) || isRetryable(error)) return { kind: 'retryable' };
      // A garbled success, a 5xx, or 429 ("slow down", not "this token is bad"): do not sign the user out for it.
      if (error.code === 'bad_response' || error.status >= 500 || error.status === 429)
        return { kind: 'server_failed' };
      return { kind: 'rejected', reason: { code: error.code, message: error.message } };
    }
  }

  #acceptRefreshed(from: Session, fresh: Session): Session | null {
    // Signed out (or in as someone else) while the request was on its way: do not bring the old user back.
    if (this.#session?.user.id !== from.user.id) return null;
    this.#setSession(fresh, 'TOKEN_REFRESHED');
    return fresh;
  }

  #handleRejectedRefresh(from: Session, reason: SessionEndReason): Session | null {
    // Another tab may have spent this refresh token a moment ago; its newer session is then ours too.
    this.#adoptNewerStoredSession();
    if (this.#session?.refresh_token !== from.refresh_token) return this.#sameUserSession(from);
    this.#setSession(null, 'SIGNED_OUT', reason);
    return null;
  }

  #sameUserSession(from: Session): Session | null {
    return this.#session?.user.id === from.user.id ? this.#session : null;
  }

  /** Takes a newer session of the same user that another tab stored before its storage event reached us. */
  #adoptNewerStoredSession(): Session | null {
    const current = this.#session;
    const raw = this.#readStorage();
    const stored = raw === null ? null : parseSession(raw);
    if (current === null || stored === null) return null;
    const isNewer =
      stored.user.id === current.user.id &&
      stored.refresh_token !== current.refresh_token &&
      stored.expires_at >= current.expires_at;
    if (!isNewer) return null;
    this.#session = stored;
    this.#emit('TOKEN_REFRESHED');
    return stored;
  }

  #needsRefresh(session: Session): boolean {
    return session.expires_at * 1000 - this.#now() <= REFRESH_MARGIN_MS;
  }

  #tick(): void {
    const session = this.#session;
    if (session === null || !this.#needsRefresh(session) || !this.#connectivity.isOnline()) return;
    this.refreshSession().catch((error: unknown) => {
      console.error('Session refresh failed', error);
    });
  }

  #onStorageChange(key: string | null, newValue: string | null): void {
    // A null key means another tab cleared the whole storage, our session included.
    if (key !== null && key !== this.#storageKey) return;
    if (newValue === null) {
      if (this.#session === null) return;
      this.#session = null;
      this.#emit('SIGNED_OUT');
      return;
    }
    const incoming = parseSession(newValue);
    if (incoming === null || incoming.access_token === this.#session?.access_token) return;
    const sameUser = incoming.user.id === this.#session?.user.id;
    this.#session = incoming;
    this.#endReason = null;
    this.#emit(sameUser ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
  }

  #setSession(session: Session | null, event: AuthEvent, endReason: SessionEndReason | null = null): void {
    this.#session = session;
    this.#endReason = endReason;
    if (session === null) this.#removeStorage();
    else this.#writeStorage(JSON.stringify(session));
    this.#emit(event);
  }

  #emit(event: AuthEvent): void {
    // A copy, so a listener that unsubscribes while being called does not skip its neighbour.
    for (const listener of [...this.#listeners]) callListener(listener, event, this.#session);
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wait: PendingWait = {
        timer: setTimeout(() => {
          this.#pendingWaits.delete(wait);
          resolve();
        }, ms),
        resolve,
      };
      this.#pendingWaits.add(wait);
    });
  }

  #defaultStorageSubscription(): SessionManagerOptions['subscribeToStorage'] {
    const storage = this.#storage;
    if (typeof window === 'undefined' || storage === null) return undefined;
    return (onChange) => {
      const handler = (event: StorageEvent) => {
        if (event.storageArea === storage) onChange(event.key, event.newValue);
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    };
  }

  // Storage can be disabled or full; the session then lives in memory only and nothing breaks.
  #readStorage(): string | null {
    try {
      return this.#storage?.getItem(this.#storageKey) ?? null;
    } catch {
      return null;
    }
  }

  #writeStorage(value: string): void {
    try {
      this.#storage?.setItem(this.#storageKey, value);
    } catch {
      // Quota or privacy mode: keep going with the in-memory session.
    }
  }

  #removeStorage(): void {
    try {
      this.#storage?.removeItem(this.#storageKey);
    } catch {
      // Same as above: the in-memory state is what counts.
    }
  }
}

function defaultStorage(): Storage | null {
  try {
    // Reading localStorage itself throws a SecurityError when the browser blocks site data.
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

function parseSession(raw: string): Session | null {
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function callListener(listener: AuthListener, event: AuthEvent, session: Session | null): void {
  try {
    listener(event, session);
  } catch (error) {
    // One broken listener must not stop the others or leave the session half updated.
    console.error('Auth listener failed', error);
  }
}
