import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/** Runs `retry` after `delayMs`; the answer cancels it. */
export type RetryScheduler = (retry: () => void, delayMs: number) => () => void;

const afterDelay: RetryScheduler = (retry, delayMs) => {
  const timer = setTimeout(retry, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

export interface ListenConnectionOptions {
  /** A new client, not yet connected, for each attempt. */
  readonly createClient: () => pg.Client;
  /** A PostgreSQL identifier, used as is. */
  readonly channel: string;
  readonly onNotification: () => void;
  /** Listening, first or again: what was notified while the connection was down is lost. */
  readonly onListening: () => Promise<void>;
  readonly log: Pick<FastifyBaseLogger, 'warn'>;
  /** When retries run: a timer (not keeping the process alive) unless a test steps through them. */
  readonly scheduleRetry?: RetryScheduler;
}

/**
 * One PostgreSQL connection that LISTENs on a channel and is opened again, after a growing delay
 * (500 ms to 30 s), whenever it cannot connect or its connection ends. Once closed it opens nothing:
 * a waiting retry is cancelled, and a client still connecting is ended.
 */
export class ListenConnection {
  readonly #options: ListenConnectionOptions;
  readonly #scheduleRetry: RetryScheduler;
  /** The client listening, or connecting to listen. */
  #client: pg.Client | null = null;
  #cancelRetry: (() => void) | null = null;
  #retryMs = FIRST_RETRY_MS;
  #closed = false;

  constructor(options: ListenConnectionOptions) {
    this.#options = options;
    this.#scheduleRetry = options.scheduleRetry ?? afterDelay;
  }

  /** The first attempt: resolves once listening, or once a retry is scheduled. */
  open(): Promise<void> {
    return this.#listen();
  }

  async #listen(): Promise<void> {
    if (this.#closed) return;
    const { createClient, channel, onNotification, onListening, log } = this.#options;
    const client = createClient();
    this.#client = client;
    client.on('notification', () => onNotification());
    client.on('error', (error) => log.warn({ err: error }, `LISTEN ${channel}: connection failed`));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (this.#client === client) this.#client = null;
      await client.end().catch(() => undefined);
      if (this.#closed) return;
      log.warn({ err: error }, `LISTEN ${channel}: could not listen; retrying`);
      this.#retryLater();
      return;
    }
    // Closed while the LISTEN was answered: close() has ended this client already.
    if (this.#client !== client) return;
    client.once('end', () => {
      if (this.#client !== client) return;
      this.#client = null;
      // No redelivery for a dropped listener: reconnect, then read what was missed.
      this.#retryLater();
    });
    this.#retryMs = FIRST_RETRY_MS;
    await onListening();
  }

  #retryLater(): void {
    if (this.#closed) return;
    const delay = this.#retryMs;
    this.#retryMs = Math.min(delay * 2, LONGEST_RETRY_MS);
    this.#cancelRetry = this.#scheduleRetry(() => {
      this.#cancelRetry = null;
      void this.#listen();
    }, delay);
  }

  /**
   * Stops for good. Not waiting on an attempt in flight: a pg client ended while it connects never
   * settles its connect(), and ending it is what closes its socket.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelRetry?.();
    this.#cancelRetry = null;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}
