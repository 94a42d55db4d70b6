import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from '#server/shutdown.ts';
import { serverTest } from '#test/server-fixture.ts';
import { SseClient } from '#test/sse-client.ts';
import { startTestServer } from '#test/test-server.ts';

/** Time to receive a whole request in these tests; the product's is longer (app.ts). */
const REQUEST_TIMEOUT_MS = 1000;

interface SlowBody {
  /** Resolves once the server has read the head and dispatched the request (it sent 100 Continue). */
  readonly dispatched: Promise<void>;
  /** What the server wrote back before it closed the connection. */
  readonly answer: Promise<string>;
  stop(): void;
}

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

/**
 * A sign-up whose body never finishes: a promised 100 bytes, one sent every 200 ms, as a client
 * that holds a connection open for as long as the server lets it would send them.
 */
function slowBody(baseUrl: string): SlowBody {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  let onContinue: () => void = () => undefined;
  const dispatched = new Promise<void>((resolve) => {
    onContinue = resolve;
  });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    if (received.startsWith(CONTINUE)) onContinue();
  });
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/auth/signup HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n{',
  );
  const trickle = setInterval(() => socket.write(' '), 200);
  const answer = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(trickle);
      resolve(received.startsWith(CONTINUE) ? received.slice(CONTINUE.length) : received);
    }),
  );
  return {
    dispatched,
    answer,
    stop: () => {
      clearInterval(trickle);
      socket.destroy();
    },
  };
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
