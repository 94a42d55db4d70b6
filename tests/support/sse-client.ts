import { type PublicProfile, publicProfileSchema } from '#shared/schemas/profile.ts';

/** A server-sent event as a browser's EventSource would see it. */
interface SseEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

/**
 * A minimal EventSource for tests: streams `url`, parses events, and lets a test wait for them.
 * (Node has no EventSource; this speaks the same wire format, including Last-Event-ID.)
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  lastEventId: string | null;
  #controller = new AbortController();
  #waiters: (() => void)[] = [];
  #done: Promise<void>;
  status = 0;
  ended = false;

  constructor(url: string, lastEventId: string | null = null) {
    this.lastEventId = lastEventId;
    this.#done = this.#run(url);
  }

  async #run(url: string): Promise<void> {
    try {
      const response = await fetch(url, {
        headers: {
          accept: 'text/event-stream',
          ...(this.lastEventId !== null ? { 'last-event-id': this.lastEventId } : {}),
        },
        signal: this.#controller.signal,
      });
      this.status = response.status;
      if (!response.body) return;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          this.#parse(buffer.slice(0, boundary));
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted or the connection dropped
    } finally {
      this.ended = true;
      this.#wake();
    }
  }

  #parse(block: string): void {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0 && id === null) return; // a comment or `retry:` line only
    if (id !== null) this.lastEventId = id;
    this.events.push({ id, event, data: data.join('\n') });
    this.#wake();
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  /** Resolves once `count` events (of the given types, if any) have arrived. */
  async waitFor(count: number, types?: readonly string[], timeoutMs = 5000): Promise<SseEvent[]> {
    const matching = () => this.events.filter((e) => !types || types.includes(e.event));
    const deadline = Date.now() + timeoutMs;
    while (matching().length < count) {
      if (this.ended) throw new Error(`stream ended after ${matching().length} of ${count} events`);
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(`timed out with ${matching().length} of ${count} events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return matching();
  }

  async close(): Promise<void> {
    this.#controller.abort();
    await this.#done;
  }

  /** Resolves when the server ends the stream. */
  get done(): Promise<void> {
    return this.#done;
  }
}

/** The public profile that a live-feed event (INSERT or UPDATE) carries; throws for anything else. */
export function profileIn(event: SseEvent | undefined): PublicProfile {
  return publicProfileSchema.parse(JSON.parse(event?.data ?? ''));
}
