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
 * (500 ms to 30 s), whenever it cannot connect or its connection ends.
 */
export class ListenConnection {
  readonly #options: ListenConnectionOptions;
  readonly #scheduleRetry: RetryScheduler;
  #client: pg.Client | null = null;
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
    const { createClient, channel, onNotification, onListening, log } = this.#options;
    const client = createClient();
    client.on('notification', () => onNotification());
    client.on('error', (error) => log.warn({ err: error }, `LISTEN ${channel}: connection failed`));
    const onEnd = () => {
      if (this.#client === client) this.#client = null;
      // No redelivery for a dropped listener: reconnect, then read what was missed.
      this.#retryLater();
    };
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      log.warn({ err: error }, `LISTEN ${channel}: could not listen; retrying`);
      await client.end().catch(() => undefined);
      this.#retryLater();
      return;
    }
    client.on('end', onEnd);
    this.#client = client;
    this.#retryMs = FIRST_RETRY_MS;
    await onListening();
  }

  #retryLater(): void {
    if (this.#closed) return;
    const delay = this.#retryMs;
    this.#retryMs = Math.min(delay * 2, LONGEST_RETRY_MS);
    this.#scheduleRetry(() => void this.#listen(), delay);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    client?.removeAllListeners('end');
    await client?.end().catch(() => undefined);
  }
}
