import type { FastifyBaseLogger } from 'fastify';
import type { CommitSignal } from '../db/database.ts';
import {
  CLASS_EVENTS_CHANNEL,
  CLASS_EVENTS_PAGE_SIZE,
  type classEventsRepository,
} from '../db/repositories/classes/events.ts';
import type { ClassEventKind } from '../db/schema.ts';
import { FeedWakeups } from './feed-wakeups.ts';
import type { FeedClient } from './profile-feed.ts';

/** Class events are wake-ups, not history: an hour is more than any reconnect needs. */
const EVENT_RETENTION_MS = 3600_000;
const PRUNE_INTERVAL_MS = 600_000;

/**
 * The live class pages of one process (product D16). A teacher's page subscribes to one class; every
 * committed class event (a learner ticked, asked for help, the roster changed) wakes the pages of
 * that class with its kind, and they read what they show again through the API, which checks who
 * asks. The events carry no learner data, so a stream cannot leak any, and a page that reconnects
 * simply reads everything again (`READY`): there is nothing to replay.
 */
export class ClassFeed {
  readonly #log: FastifyBaseLogger;
  readonly #repo: ReturnType<typeof classEventsRepository>;
  readonly #subscribers = new Map<string, Set<FeedClient>>();
  readonly #wakeups: FeedWakeups;
  #lastId = 0;

  constructor(repo: ReturnType<typeof classEventsRepository>, commits: CommitSignal, log: FastifyBaseLogger) {
    this.#repo = repo;
    this.#log = log;
    this.#wakeups = new FeedWakeups({
      read: () => this.#readNewEvents(),
      onReadFailed: (error) => log.warn({ err: error }, 'class feed: could not read class events (will try again)'),
      channel: CLASS_EVENTS_CHANNEL,
      log,
    });
    commits.listen(() => void this.poke());
  }

  async start(listenUrl: string | null): Promise<void> {
    this.#lastId = await this.#repo.latestEventId();
    await this.#wakeups.start(listenUrl, {
      broadcast: (chunk) => this.#broadcast(chunk),
      prune: () => void this.prune(),
      pruneEveryMs: PRUNE_INTERVAL_MS,
    });
  }

  get clientCount(): number {
    let count = 0;
    for (const clients of this.#subscribers.values()) count += clients.size;
    return count;
  }

  /** Subscribes a teacher's page to a class: `READY` at once, then a wake-up per change. */
  attach(classId: string, client: FeedClient): () => void {
    const clients = this.#subscribers.get(classId) ?? new Set<FeedClient>();
    this.#subscribers.set(classId, clients);
    clients.add(client);
    client.write('event: READY\ndata: {}\n\n');
    return () => {
      clients.delete(client);
      if (clients.size === 0) this.#subscribers.delete(classId);
    };
  }

  /** Reads the events committed since the last read (by any instance) and wakes the pages they concern. */
  poke(): Promise<void> {
    return this.#wakeups.poke();
  }

  async #readNewEvents(): Promise<void> {
    for (;;) {
      const events = await this.#repo.eventsAfter(this.#lastId);
      this.#wake(events);
      if (events.length < CLASS_EVENTS_PAGE_SIZE || this.#wakeups.closed) return;
    }
  }

  /** One wake-up per class and kind for the whole batch: thirty ticks at once are one re-read. */
  #wake(events: readonly { id: number; class_id: string; kind: ClassEventKind }[]): void {
    if (events.length === 0) return;
    this.#lastId = events.at(-1)?.id ?? this.#lastId;
    const woken = new Map<string, Set<ClassEventKind>>();
    for (const event of events) {
      const kinds = woken.get(event.class_id) ?? new Set<ClassEventKind>();
      kinds.add(event.kind);
      woken.set(event.class_id, kinds);
    }
    for (const [classId, kinds] of woken) {
      const clients = this.#subscribers.get(classId);
      if (!clients) continue;
      for (const eventKind of kinds) {
        const chunk = `id: ${this.#lastId}\nevent: ${eventKind}\ndata: {}\n\n`;
        for (const client of clients) if (!client.write(chunk)) clients.delete(client);
      }
    }
  }

  #broadcast(chunk: string): void {
    for (const clients of this.#subscribers.values()) {
      for (const client of clients) if (!client.write(chunk)) clients.delete(client);
    }
  }

  async prune(now = new Date()): Promise<void> {
    await this.#repo.pruneEvents(new Date(now.getTime() - EVENT_RETENTION_MS)).catch((error: unknown) => {
      this.#log.warn({ err: error }, 'class feed: could not prune class events');
    });
  }

  async close(): Promise<void> {
    for (const clients of this.#subscribers.values()) for (const client of clients) client.close();
    this.#subscribers.clear();
    await this.#wakeups.close();
  }
}
