import type { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { type Session, sessionSchema, signUpResponseSchema } from '#shared/schemas/auth.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { SESSION_STORAGE_KEY } from './storage-key.ts';

export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';
export type AuthListener = (event: AuthEvent, session: Session | null) => void;
export type SignUpResult = z.infer<typeof signUpResponseSchema>;

export interface SessionManagerOptions {
  fetch?: typeof fetch;
  storage?: Storage | null;
  storageKey?: string;
  now?: () => number;
  /** Subscribes to cross-tab storage changes; default: window 'storage' events. Returns an unsubscribe function. */
  subscribeToStorage?: (onChange: (key: string | null, newValue: string | null) => void) => () => void;
}

export const DEFAULT_STORAGE_KEY = SESSION_STORAGE_KEY;
export const TICK_INTERVAL_MS = 30_000;
export const REFRESH_MARGIN_MS = 90_000;
export const RETRY_START_MS = 200;
export const RETRY_BUDGET_MS = 90_000;
export const RETRYABLE_STATUSES = [502, 503, 504];

const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

interface JsonAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly payload: unknown;
}

/** What one refresh request came to; decides between retrying, keeping and dropping the session. */
type RefreshOutcome =
  | { readonly kind: 'refreshed'; readonly session: Session }
  | { readonly kind: 'retryable' }
  | { readonly kind: 'rejected' }
  | { readonly kind: 'server_failed' };

interface PendingWait {
  readonly timer: ReturnType<typeof setTimeout>;
  readonly resolve: () => void;
}

/** The signed-in session in the browser: persisted, refreshed before it expires, shared between tabs. */
export class SessionManager {
  readonly #fetch: typeof fetch;
  readonly #storage: Storage | null;
  readonly #storageKey: string;
  readonly #now: () => number;
  readonly #subscribeToStorage: SessionManagerOptions['subscribeToStorage'];
  readonly #listeners = new Set<AuthListener>();
  readonly #pendingWaits = new Set<PendingWait>();
  #session: Session | null = null;
  #started = false;
  #tickTimer: ReturnType<typeof setInterval> | null = null;
  #unsubscribeStorage: (() => void) | null = null;
  #inFlightRefresh: Promise<Session | null> | null = null;
  // Bumped by stop() so a retry loop waiting on a timer knows to give up.
  #generation = 0;

  constructor(options: SessionManagerOptions = {}) {
    // Looked up at call time and called unbound: browsers throw "Illegal invocation" on fetch with a foreign `this`.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.#storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY;
    this.#now = options.now ?? (() => Date.now());
    this.#subscribeToStorage = options.subscribeToStorage;
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

    this.#emit('INITIAL_SESSION');
    this.#tick();
  }

  stop(): void {
    if (this.#tickTimer !== null) clearInterval(this.#tickTimer);
    this.#tickTimer = null;
    this.#unsubscribeStorage?.();
    this.#unsubscribeStorage = null;
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

  onAuthStateChange(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    if (this.#started) callListener(listener, 'INITIAL_SESSION', this.#session);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  async signInWithPassword(credentials: { email: string; password: string }): Promise<Session> {
    const answer = await this.#postOrThrow('/api/auth/token?grant_type=password', {
      email: credentials.email,
      password: credentials.password,
    });
    const session = parseAnswer(answer, sessionSchema);
    this.#setSession(session, 'SIGNED_IN');
    return session;
  }

  /** Returns the created user; it does not sign in (DESIGN D10: the user logs in next). */
  async signUp(credentials: { email: string; password: string }): Promise<SignUpResult> {
    const redirect = typeof window === 'undefined' ? {} : { redirect_to: `${window.location.origin}/` };
    const answer = await this.#postOrThrow('/api/auth/signup', {
      email: credentials.email,
      password: credentials.password,
      ...redirect,
    });
    return parseAnswer(answer, signUpResponseSchema);
  }

  async signOut(): Promise<void> {
    const accessToken = this.getAccessToken();
    // Forget locally first: signing out must work even when the server is slow or gone.
    this.#setSession(null, 'SIGNED_OUT');
    if (accessToken === null) return;
    try {
      await this.#post('/api/auth/logout', undefined, accessToken);
    } catch {
      // The local session is already gone; a failed revoke leaves a token that expires on its own.
    }
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
      const outcome = await this.#requestRefresh(from.refresh_token);
      if (outcome.kind === 'refreshed') return this.#acceptRefreshed(from, outcome.session);
      if (outcome.kind === 'rejected') return this.#handleRejectedRefresh(from);
      // The server erred, not the token (500, 429, garbled answer): keep the session, let the next tick try.
      if (outcome.kind === 'server_failed') return null;

      const delay = RETRY_START_MS * 2 ** attempt;
      if (this.#now() - startedAt + delay > RETRY_BUDGET_MS) return null;
      await this.#wait(delay);
      if (generation !== this.#generation) return null;
      // Signed out, signed in as someone else or refreshed by another tab while we waited.
      if (this.#session?.refresh_token !== from.refresh_token) return this.#sameUserSession(from);
    }
  }

  async #requestRefresh(refreshToken: string): Promise<RefreshOutcome> {
    let answer: JsonAnswer;
    try {
      answer = await this.#post('/api/auth/token?grant_type=refresh_token', { refresh_token: refreshToken });
    } catch {
      return { kind: 'retryable' };
    }
    if (answer.ok) {
      const parsed = sessionSchema.safeParse(answer.payload);
      return parsed.success ? { kind: 'refreshed', session: parsed.data } : { kind: 'server_failed' };
    }
    if (RETRYABLE_STATUSES.includes(answer.status)) return { kind: 'retryable' };
    // 429 says "slow down", not "this token is bad": do not sign the user out for it.
    if (answer.status >= 500 || answer.status === 429) return { kind: 'server_failed' };
    return { kind: 'rejected' };
  }

  #acceptRefreshed(from: Session, fresh: Session): Session | null {
    // Signed out (or in as someone else) while the request was on its way: do not bring the old user back.
    if (this.#session?.user.id !== from.user.id) return null;
    this.#setSession(fresh, 'TOKEN_REFRESHED');
    return fresh;
  }

  #handleRejectedRefresh(from: Session): Session | null {
    // Another tab may have spent this refresh token a moment ago; its newer session is then ours too.
    this.#adoptNewerStoredSession();
    if (this.#session?.refresh_token !== from.refresh_token) return this.#sameUserSession(from);
    this.#setSession(null, 'SIGNED_OUT');
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
    if (session === null || !this.#needsRefresh(session)) return;
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
    this.#emit(sameUser ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
  }

  #setSession(session: Session | null, event: AuthEvent): void {
    this.#session = session;
    if (session === null) this.#removeStorage();
    else this.#writeStorage(JSON.stringify(session));
    this.#emit(event);
  }

  #emit(event: AuthEvent): void {
    // A copy, so a listener that unsubscribes while being called does not skip its neighbour.
    for (const listener of [...this.#listeners]) callListener(listener, event, this.#session);
  }

  async #post(path: string, body: unknown, accessToken?: string): Promise<JsonAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
    const fetchImpl = this.#fetch;
    const response = await fetchImpl(path, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    return { status: response.status, ok: response.ok, payload };
  }

  /** Like #post, but every failure becomes the ApiRequestError the forms show. */
  async #postOrThrow(path: string, body: unknown): Promise<JsonAnswer> {
    let answer: JsonAnswer;
    try {
      answer = await this.#post(path, body);
    } catch {
      throw new ApiRequestError(0, 'network_error', NETWORK_ERROR_MESSAGE);
    }
    if (answer.ok) return answer;
    const parsed = apiErrorSchema.safeParse(answer.payload);
    throw parsed.success
      ? new ApiRequestError(answer.status, parsed.data.error.code, parsed.data.error.message)
      : new ApiRequestError(answer.status, 'http_error', `The server answered ${answer.status}.`);
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

function parseAnswer<T extends z.ZodType>(answer: JsonAnswer, schema: T): z.infer<T> {
  const parsed = schema.safeParse(answer.payload);
  if (!parsed.success)
    throw new ApiRequestError(answer.status, 'bad_response', 'The server sent an unexpected answer.');
  return parsed.data;
}

function callListener(listener: AuthListener, event: AuthEvent, session: Session | null): void {
  try {
    listener(event, session);
  } catch (error) {
    // One broken listener must not stop the others or leave the session half updated.
    console.error('Auth listener failed', error);
  }
}
