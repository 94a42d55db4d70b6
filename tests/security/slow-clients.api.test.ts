import { describe, expect, it } from 'vitest';
import { closeGracefully } from '#server/shutdown.ts';
import { type PartialRequest, partialRequest } from '#test/partial-request.ts';
import { serverTest } from '#test/server-fixture.ts';
import { SseClient } from '#test/sse-client.ts';
import { startTestServer } from '#test/test-server.ts';

/** Time to receive a whole request in these tests; the product's is longer (app.ts). */
const REQUEST_TIMEOUT_MS = 1000;

/**
 * A sign-up whose body never finishes: a promised 100 bytes, one sent every 200 ms, as a client
 * that holds a connection open for as long as the server lets it would send them.
 */
function slowBody(baseUrl: string): PartialRequest {
  const request = partialRequest(baseUrl, `{${' '.repeat(99)}`, 1);
  request.trickle(200);
  return request;
}

const server = serverTest('sqlite', { requestTimeoutMs: REQUEST_TIMEOUT_MS });

describe('slow request bodies', () => {
  server('are answered 408 and closed once the request timeout has passed', async ({ server }) => {
    const clients = Array.from({ length: 20 }, () => slowBody(server.baseUrl));
    try {
      // Each resolves only when the server closes the connection; the test's time limit bounds the wait.
      const answers = await Promise.all(clients.map((client) => client.answer));
      for (const answer of answers) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(answer).toContain('"code":"request_timeout"');
      }
    } finally {
      for (const client of clients) client.stop();
    }
  });
});

describe('closing the server (SIGTERM)', () => {
  it('ends the streams and, after the grace period, closes the connections of bodies that never finish', async () => {
    // The request timeout is far off: only the grace period can end these connections.
    const target = await startTestServer('sqlite', { requestTimeoutMs: 600_000 });
    const stream = new SseClient(new URL('/api/realtime/profiles', target.baseUrl).href);
    const clients = Array.from({ length: 20 }, () => slowBody(target.baseUrl));
    try {
      await stream.waitFor(1, ['READY']);
      // Every request is in flight (read and dispatched) before the server is told to close.
      await Promise.all(clients.map((client) => client.dispatched));
      await closeGracefully(target.app, 500);
      await stream.done;
      expect(stream.ended).toBe(true);
      // Cut off without an answer: their requests never arrived whole.
      expect(await Promise.all(clients.map((client) => client.answer))).toEqual(Array(20).fill(''));
    } finally {
      for (const client of clients) client.stop();
      await stream.close();
      await target.close();
    }
  });
});
