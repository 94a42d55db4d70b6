import type { FastifyBaseLogger } from 'fastify';
import type { CommitSignal } from '../db/database.ts';
import {
  PROFILE_CHANGES_CHANNEL,
  type ProfileChangeEvent,
  type profileChangesRepository,
} from '../db/repositories/profile-changes.ts';
import type { ProfileChangeKind } from '../db/schema.ts';
import { FeedWakeups } from './feed-wakeups.ts';

/** How long changes are kept for clients that reconnect (docs/decisions/005). */
export const CHANGE_RETENTION_MS = 24 * 3600_000;
const PRUNE_INTERVAL_MS = 3600_000;
/** Recent events kept in memory, so most resumes are served without reading the changes table. */
const RING_SIZE = 1024;
const PAGE_SIZE = 500;
/**
 * Reads of the changes start at least this long apart: at a high rate of edits each stream gets
 * several in one write (the fan-out's `writev` was the largest server cost with 1,000 streams,
 * bench/RESULTS.md), for at most this much more latency. A quiet feed reads at once.
 */
const MIN_READ_INTERVAL_MS = 40;
/** A client whose unsent data grows past this is disconnected; it resumes with Last-Event-ID. */
export const MAX_CLIENT_BUFFER_BYTES = 1024 * 1024;

export interface FeedClient {
  /** Writes a chunk; returns false when the client is gone or too slow (and was closed). */
  write(chunk: string): boolean;
  close(): void;
}

interface Subscriber {
  readonly client: FeedClient;
  cursor: number;
  live: boolean;
}

function formatEvent(event: { id: number; kind: string; data: unknown }): string {
  return formatSerialised(event.id, event.kind, JSON.stringify(event.data));
}

function formatSerialised(id: number, kind: string, json: string): string {
  return `id: ${id}\nevent: ${kind}\ndata: ${json}\n\n`;
}

/** What the feed reads of the `profile_changes` table (profileChangesRepository). */
export type ProfileChangesSource = Pick<
  ReturnType<typeof profileChangesRepository>,
  'after' | 'latestId' | 'oldestId' | 'prune'
>;

/** A recent change as memory keeps it: only ids, so a replay can never carry an old profile. */
interface RecentChange {
  readonly id: number;
  readonly kind: ProfileChangeKind;
  readonly profileId: string;
}

/** The newest public profile of a member with changes in memory, serialised once. */
interface LatestProfile {
  /** The public profile, or only `{"id":…}` while the member is not listed. */
  json: string;
  /** False once the member left the list (hidden, suspended, deleted): their changes replay as DELETE. */
  listed: boolean;
  /** How many recent changes in memory are this member's. */
  changes: number;
}

/** The data of an event: the public profile, or for a DELETE the member's id and nothing else. */
function eventData(event: ProfileChangeEvent): object {
  return event.profile ?? { id: event.profileId };
}

/**
 * The live profile feed of one process: one subscription to the database however many clients
 * (a LISTEN connection on PostgreSQL, local pokes on SQLite), each committed change read once
 * from `profile_changes`, serialised once, and written to every client in id order.
 */
export class ProfileFeed {
  readonly #log: FastifyBaseLogger;
  readonly #changes: ProfileChangesSource;
  readonly #subscribers = new Set<Subscriber>();
  readonly #changeListeners = new Set<() => void>();
  readonly #eventListeners = new Set<(events: readonly ProfileChangeEvent[]) => void>();
  #ring: RecentChange[] = [];
  readonly #latest = new Map<string, LatestProfile>();
  readonly #wakeups: FeedWakeups;
  #lastId = 0;

  /**
   * `commits` fires in this process after each profile write commits: listeners (the list cache)
   * hear of it at once, before the writer answers, and the streams are woken.
   */
  constructor(changes: ProfileChangesSource, commits: CommitSignal, log: FastifyBaseLogger) {
    this.#log = log;
    this.#changes = changes;
    this.#wakeups = new FeedWakeups({
      read: () => this.#readNewChanges(),
      onReadFailed: (error) => log.error({ err: error }, 'profile feed: reading changes failed'),
      channel: PROFILE_CHANGES_CHANNEL,
      log,
      minReadIntervalMs: MIN_READ_INTERVAL_MS,
    });
    commits.listen(() => {
      if (this.#wakeups.closed) return;
      this.#notifyListeners();
      void this.poke();
    });
  }

  #notifyListeners(): void {
    for (const listener of this.#changeListeners) listener();
  }

  async start(listenUrl: string | null): Promise<void> {
    this.#lastId = await this.#changes.latestId();
    await this.#wakeups.start(listenUrl, {
      broadcast: (chunk) => this.#broadcastRaw(chunk),
      prune: () => void this.prune(),
      pruneEveryMs: PRUNE_INTERVAL_MS,
    });
  }

  get lastId(): number {
    return this.#lastId;
  }

  get clientCount(): number {
    return this.#subscribers.size;
  }

  /** Called after a local commit and after each batch of new changes is read (from any instance). */
  onChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Hears each batch of changes as published, oldest first (the list cache applies them). */
  onEvents(listener: (events: readonly ProfileChangeEvent[]) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /** Something may have committed: read new changes (coalesced, one read at a time). */
  poke(): Promise<void> {
    return this.#wakeups.poke();
  }

  async #readNewChanges(): Promise<void> {
    for (;;) {
      const events = await this.#changes.after(this.#lastId, PAGE_SIZE);
      const published = this.#publish(events);
      if (published.length > 0) for (const listener of this.#eventListeners) listener(published);
      if (events.length > 0) this.#notifyListeners();
      if (events.length < PAGE_SIZE) return;
    }
  }

  /**
   * Sends what was read to the live clients, each client's share in one write, and answers the
   * changes not sent before.
   */
  #publish(events: readonly ProfileChangeEvent[]): ProfileChangeEvent[] {
    const fresh: ProfileChangeEvent[] = [];
    const chunks: string[] = [];
    for (const event of events) {
      if (event.id <= this.#lastId) continue;
      const json = JSON.stringify(eventData(event));
      chunks.push(formatSerialised(event.id, event.kind, json));
      fresh.push(event);
      this.#lastId = event.id;
      this.#remember({ id: event.id, kind: event.kind, profileId: event.profileId }, json, event.kind !== 'DELETE');
    }
    const first = fresh[0];
    if (!first) return fresh;
    const all = chunks.join('');
    for (const subscriber of this.#subscribers) {
      if (!subscriber.live || subscriber.cursor >= this.#lastId) continue;
      // A live client is at the id before this batch; one that is not (yet) gets only what it lacks.
      const from = subscriber.cursor < first.id ? 0 : fresh.findIndex((event) => event.id > subscriber.cursor);
      this.#send(subscriber, this.#lastId, from === 0 ? all : chunks.slice(from).join(''));
    }
    return fresh;
  }

  /**
   * Keeps the change's ids, and the member's profile only as of their newest change: a member who
   * hides their e-mail or replaces a name or bio must not have the old one replayed (issue 16).
   */
  #remember(change: RecentChange, json: string, listed: boolean): void {
    this.#ring.push(change);
    const latest = this.#latest.get(change.profileId);
    if (latest) {
      latest.json = json;
      latest.listed = listed;
      latest.changes++;
    } else {
      this.#latest.set(change.profileId, { json, listed, changes: 1 });
    }
    if (this.#ring.length <= RING_SIZE) return;
    const dropped = this.#ring.shift();
    const owner = dropped && this.#latest.get(dropped.profileId);
    if (dropped && owner && --owner.changes === 0) this.#latest.delete(dropped.profileId);
  }

  /**
   * A change from memory, as the member is now: their public profile as the feed last read it, or a
   * DELETE with their id when they have left the list since (as `profileChanges.after` would send it).
   */
  #replayChunk(change: RecentChange): string {
    const latest = this.#latest.get(change.profileId);
    if (!latest?.listed) return formatSerialised(change.id, 'DELETE', latest?.json ?? '{}');
    return formatSerialised(change.id, change.kind === 'DELETE' ? 'UPDATE' : change.kind, latest.json);
  }

  #send(subscriber: Subscriber, id: number, chunk: string): void {
    subscriber.cursor = id;
    if (!subscriber.client.write(chunk)) this.#subscribers.delete(subscriber);
  }

  #broadcastRaw(chunk: string): void {
    for (const subscriber of this.#subscribers) {
      if (!subscriber.client.write(chunk)) this.#subscribers.delete(subscriber);
    }
  }

  /**
   * Adds a client. Without `lastEventId` it starts at the present (a READY event carries the
   * current id). With one, it first receives every change after that id, in order, then goes
   * live; an id older than what is kept (or unknown) gets RESYNC: refetch the list.
   */
  async attach(client: FeedClient, lastEventId: number | null): Promise<() => void> {
    const subscriber: Subscriber = { client, cursor: this.#lastId, live: false };
    const detach = () => void this.#subscribers.delete(subscriber);
    this.#subscribers.add(subscriber);

    if (lastEventId === null || !(await this.#canResumeFrom(lastEventId))) {
      subscriber.cursor = this.#lastId;
      client.write(formatEvent({ id: this.#lastId, kind: lastEventId === null ? 'READY' : 'RESYNC', data: {} }));
      subscriber.live = true;
      return detach;
    }

    subscriber.cursor = lastEventId;
    // Read what has committed first, so memory holds each member's current profile for the replay.
    await this.poke();
    while (!subscriber.live && this.#subscribers.has(subscriber)) {
      // Synchronous hand-over: when memory holds everything after the cursor, send it and go live.
      const oldestInRing = this.#ring[0]?.id ?? this.#lastId + 1;
      if (subscriber.cursor >= oldestInRing - 1 || subscriber.cursor >= this.#lastId) {
        for (const change of this.#ring) {
          if (change.id > subscriber.cursor) this.#send(subscriber, change.id, this.#replayChunk(change));
        }
        subscriber.live = true;
        break;
      }
      const events = await this.#changes.after(subscriber.cursor, PAGE_SIZE);
      if (events.length === 0) {
        subscriber.live = true;
        break;
      }
      for (const event of events) {
        this.#send(subscriber, event.id, formatEvent({ id: event.id, kind: event.kind, data: eventData(event) }));
      }
    }
    return detach;
  }

  async #canResumeFrom(lastEventId: number): Promise<boolean> {
    if (!Number.isSafeInteger(lastEventId) || lastEventId < 0) return false;
    const latest = Math.max(this.#lastId, await this.#changes.latestId());
    if (lastEventId > latest) return false; // from another database, or the future
    if (lastEventId === latest) return true;
    const oldest = await this.#changes.oldestId();
    return oldest !== null && lastEventId >= oldest - 1;
  }

  prune(now = new Date()): Promise<number> {
    return this.#changes.prune(new Date(now.getTime() - CHANGE_RETENTION_MS)).catch((error: unknown) => {
      this.#log.error({ err: error }, 'profile feed: pruning failed');
      return 0;
    });
  }

  /** Ends every stream (clients reconnect, possibly to another instance) and stops listening. */
  async close(): Promise<void> {
    for (const subscriber of this.#subscribers) subscriber.client.close();
    this.#subscribers.clear();
    await this.#wakeups.close();
  }
}
