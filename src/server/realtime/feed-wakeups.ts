import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ListenConnection } from './listen-connection.ts';

/** A safety net: notifications can be lost while a LISTEN connection is down. */
const SAFETY_POLL_MS = 5_000;
const HEARTBEAT_MS = 15_000;

export interface FeedWakeupsOptions {
  /** Reads everything committed since the last read and sends it to the feed's clients. */
  readonly read: () => Promise<void>;
  readonly onReadFailed: (error: unknown) => void;
  /** The PostgreSQL channel the feed's writers notify. */
  readonly channel: string;
  readonly log: FastifyBaseLogger;
  /**
   * Reads start at least this long apart (0: at once). Under a stream of commits, the pokes made
   * meanwhile wait for one read, so each client gets their changes in one write: decision 005.
   */
  readonly minReadIntervalMs?: number;
}

export interface FeedTimers {
  /** Writes a chunk to every client of the feed: the heartbeat that keeps idle streams open. */
  readonly broadcast: (chunk: string) => void;
  readonly prune: () => void;
  readonly pruneEveryMs: number;
}

/**
 * What wakes a live feed to read what has committed, the same for every feed: a poke (a local
 * commit, a PostgreSQL notification, the safety poll) starts a read; pokes during a read make one
 * more read after it, never two at once. Also the feed's heartbeat and pruning timers.
 */
export class FeedWakeups {
  readonly #options: FeedWakeupsOptions;
  #polling: Promise<void> | null = null;
  /** What the pokes since the last read started wait for: the end of the next read. */
  #nextRead: PromiseWithResolvers<void> | null = null;
  #lastReadAt = Number.NEGATIVE_INFINITY;
  #timers: NodeJS.Timeout[] = [];
  #listening: ListenConnection | null = null;
  #closed = false;

  constructor(options: FeedWakeupsOptions) {
    this.#options = options;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Starts the timers and, on PostgreSQL (`listenUrl`), listening for other instances' commits. */
  async start(listenUrl: string | null, timers: FeedTimers): Promise<void> {
    this.#timers.push(
      setInterval(() => void this.poke(), SAFETY_POLL_MS),
      setInterval(() => timers.broadcast(': ping\n\n'), HEARTBEAT_MS),
      setInterval(timers.prune, timers.pruneEveryMs),
    );
    for (const timer of this.#timers) timer.unref();
    if (listenUrl) {
      const { default: postgres } = await import('pg');
      this.#listening = new ListenConnection({
        createClient: () => new postgres.Client({ connectionString: listenUrl }),
        channel: this.#options.channel,
        onNotification: () => void this.poke(),
        onListening: () => this.poke(),
        log: this.#options.log,
      });
      await this.#listening.open();
    }
  }

  /**
   * Something may have committed: read it (coalesced, one read at a time, `minReadIntervalMs`
   * apart). Resolves once the next read to start after the call is over: under a steady stream of
   * commits the reads go on, and a caller waiting for its own commit (the people list before it
   * answers) waits for one read, not for the stream to pause.
   */
  poke(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#nextRead ??= Promise.withResolvers<void>();
    const read = this.#nextRead.promise;
    this.#polling ??= this.#readWhilePoked();
    return read;
  }

  async #readWhilePoked(): Promise<void> {
    try {
      while (this.#nextRead && !this.#closed) {
        const wait = this.#lastReadAt + (this.#options.minReadIntervalMs ?? 0) - performance.now();
        if (wait > 0) await sleep(wait);
        if (this.#closed) break;
        // Pokes from here on wait for the read after this one: this one may have begun before their commit.
        const batch = this.#nextRead;
        this.#nextRead = null;
        this.#lastReadAt = performance.now();
        try {
          await this.#options.read();
        } catch (error) {
          this.#options.onReadFailed(error);
        } finally {
          batch?.resolve();
        }
      }
    } finally {
      this.#polling = null;
      // Closed meanwhile: nobody is left waiting.
      this.#nextRead?.resolve();
      this.#nextRead = null;
    }
  }

  /** Stops the timers and listening, and waits for a read under way. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.#listening?.close();
    await this.#polling;
  }
}
