import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Many open `GET /api/realtime/profiles` streams, as browsers on the people page keep them: each
 * on its own socket, counting what arrives without parsing it (the generator shares the CPU with
 * the server). A stream the server ends or breaks before `close()` is a failure.
 */
export class EventStreams {
  readonly #requests: http.ClientRequest[] = [];
  #opened = 0;
  #bytes = 0;
  #closing = false;
  readonly failures: string[] = [];

  /** Opens `count` streams, `batch` at a time, and resolves once each has its first bytes. */
  static async open(baseUrl: string, count: number, { batch = 100, timeoutMs = 30_000 } = {}): Promise<EventStreams> {
    const streams = new EventStreams();
    const deadline = Date.now() + timeoutMs;
    for (let first = 0; first < count; first += batch) {
      const size = Math.min(batch, count - first);
      await Promise.all(Array.from({ length: size }, () => streams.#openOne(baseUrl, deadline - Date.now())));
    }
    return streams;
  }

  get opened(): number {
    return this.#opened;
  }

  /** Bytes received on all streams so far (events and heartbeats). */
  get bytes(): number {
    return this.#bytes;
  }

  #openOne(baseUrl: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const request = http.get(`${baseUrl}/api/realtime/profiles`, {
        agent: false,
        headers: { accept: 'text/event-stream' },
      });
      this.#requests.push(request);
      let started = false;
      let failed = false;
      const fail = (reason: string) => {
        if (!this.#closing && !failed) this.failures.push(reason);
        failed = true;
        resolve();
      };
      const timer = setTimeout(() => {
        if (!started) request.destroy(new Error(`no first event within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          clearTimeout(timer);
          response.resume();
          fail(`stream answered ${response.statusCode}`);
          return;
        }
        response.on('data', (chunk: Buffer) => {
          this.#bytes += chunk.length;
          if (!started) {
            started = true;
            this.#opened++;
            clearTimeout(timer);
            resolve();
          }
        });
        response.on('end', () => fail('stream ended by the server'));
        response.on('error', (error) => fail(`stream broke: ${error.message}`));
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        fail(`stream failed: ${error.message}`);
      });
    });
  }

  /** Closes every stream from the client side (not a failure). */
  async close(): Promise<void> {
    this.#closing = true;
    for (const request of this.#requests) request.destroy();
    await sleep(50);
  }
}
