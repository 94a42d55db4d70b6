import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';

/** Until the server's `retry:` field says otherwise: what our server sends (routes/api/event-stream.ts). */
const DEFAULT_RECONNECT_MS = 2000;
/** Failed attempts in a row double the wait, up to a minute. */
const MAX_BACKOFF_MS = 60_000;
/** A refused stream (429, 503) waits the server's Retry-After plus up to a fifth more, so refused tabs spread out. */
const RETRY_AFTER_JITTER = 0.2;

/** One server-sent event, as eventsource-parser reads it; `event` is `message` when the server named none. */
export interface LiveMessage {
  readonly event: string;
  readonly data: string;
  readonly id: string | undefined;
}

/** How a stream for the signed-in member gets its token: the session manager's (session.ts) in the app. */
export interface StreamAuth {
  getAccessToken(): string | null;
  /** A fresh token after a 401, or null when the session is gone (then the stream stops). */
  refresh(): Promise<string | null>;
}

export interface LiveStreamOptions<T> {
  readonly url: string;
  /** Sends the member's token in the Authorization header (never in the URL), refreshed once on a 401. */
  readonly auth?: StreamAuth;
  /** Sends `Last-Event-ID` on reconnecting, for a server that replays what was missed. */
  readonly resumable?: boolean;
  /** Turns a message into what subscribers hear, or null to drop it (unknown or unparsable). */
  readonly parse: (message: LiveMessage) => T | null;
  /** Runs once per event, before the subscribers hear of it. */
  readonly onEvent?: (event: T) => void;
  /** Whether the stream is connected now. */
  readonly onLive?: (live: boolean) => void;
  /** Runs when the last subscriber has left and the connection is closed. */
  readonly onClose?: () => void;
  readonly fetch?: typeof fetch;
  /** The jitter's source of randomness, in [0, 1). */
  readonly random?: () => number;
}

export interface LiveStream<T> {
  /** Starts listening; the first subscriber opens the connection. Returns the undo. */
  subscribe(listener?: (event: T) => void): () => void;
}

/** What one connection attempt came to. */
type Outcome =
  | { readonly kind: 'ended' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'refused'; readonly retryAfterMs: number }
  | { readonly kind: 'stop' };

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : LIVE_STREAM_RETRY_AFTER_SECONDS) * 1000;
}

/**
 * A live stream of server-sent events read with fetch and parsed by eventsource-parser (product §4,
 * D16). One connection, shared by every subscriber and counted: the first opens it, the last to
 * leave closes it. A dropped connection or a failed attempt is tried again after the server's
 * `retry:` delay, doubled per failure in a row, with jitter; a refusal (429, 503) after its
 * `Retry-After`; a 4xx other than those (not allowed, not found) stops it, as does a 401 that one
 * token refresh does not cure.
 */
export function createLiveStream<T>(options: LiveStreamOptions<T>): LiveStream<T> {
  const { url, auth, resumable = false, parse, onEvent, onLive, onClose, random = Math.random } = options;
  const fetchStream = options.fetch ?? ((input, init) => fetch(input, init));
  // One entry per subscribe call, so a listener subscribed twice counts twice.
  const subscriptions = new Set<{ readonly listener: ((event: T) => void) | undefined }>();
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reconnectMs = DEFAULT_RECONNECT_MS;
  let failures = 0;
  let lastEventId: string | undefined;

  const dispatch = (message: EventSourceMessage) => {
    if (resumable && message.id !== undefined) lastEventId = message.id;
    const event = parse({ event: message.event ?? 'message', data: message.data, id: message.id });
    if (event === null) return;
    onEvent?.(event);
    // A copy, so a listener that unsubscribes while being called does not skip its neighbour.
    for (const { listener } of [...subscriptions]) listener?.(event);
  };

  const request = (token: string | null, signal: AbortSignal) =>
    fetchStream(url, {
      headers: {
        accept: 'text/event-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(resumable && lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
      },
      cache: 'no-store',
      signal,
    });

  const connect = async (signal: AbortSignal): Promise<Outcome> => {
    let response = await request(auth?.getAccessToken() ?? null, signal);
    if (response.status === 401 && auth) {
      await response.body?.cancel();
      const token = await auth.refresh();
      if (token === null || signal.aborted) return { kind: 'stop' };
      response = await request(token, signal);
    }
    const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    if (!response.ok || !isStream || !response.body) {
      await response.body?.cancel();
      if (response.status === 429 || response.status === 503) {
        return { kind: 'refused', retryAfterMs: retryAfterMs(response) };
      }
      const refusedForGood = response.status >= 400 && response.status < 500 && response.status !== 408;
      return refusedForGood ? { kind: 'stop' } : { kind: 'failed' };
    }
    failures = 0;
    onLive?.(true);
    const parser = createParser({
      onEvent: dispatch,
      onRetry: (ms) => {
        reconnectMs = ms;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(chunk.value);
    return { kind: 'ended' };
  };

  const delayAfter = (outcome: Outcome): number | null => {
    switch (outcome.kind) {
      case 'stop':
        return null;
      case 'refused':
        return outcome.retryAfterMs * (1 + RETRY_AFTER_JITTER * random());
      case 'ended':
        return reconnectMs * (0.5 + random() / 2);
      case 'failed': {
        const backoff = Math.min(MAX_BACKOFF_MS, reconnectMs * 2 ** failures++);
        return backoff * (0.5 + random() / 2);
      }
    }
  };

  const open = () => {
    const current = new AbortController();
    controller = current;
    void connect(current.signal)
      .catch((): Outcome => ({ kind: 'failed' }))
      .then((outcome) => {
        if (controller !== current) return;
        onLive?.(false);
        const delay = delayAfter(outcome);
        if (delay !== null) timer = setTimeout(open, delay);
      });
  };

  const close = () => {
    clearTimeout(timer);
    controller?.abort();
    controller = null;
    failures = 0;
    // A later subscriber starts afresh (the server says READY), as the caches it fills may be gone.
    lastEventId = undefined;
    onLive?.(false);
    onClose?.();
  };

  return {
    subscribe(listener) {
      const subscription = { listener };
      subscriptions.add(subscription);
      if (subscriptions.size === 1) open();
      return () => {
        if (!subscriptions.delete(subscription)) return;
        if (subscriptions.size === 0) close();
      };
    },
  };
}
