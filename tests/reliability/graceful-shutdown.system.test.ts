import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freshServerDatabase, type ServerDatabase } from './server-database.ts';
import { ServerProcess } from './server-process.ts';

/*
 * SIGTERM (issue 16, item 3): stop accepting, end the streams, give requests in flight a short
 * grace, then close what is left, and exit. Runs the built server (`npx vite build --config
 * vite.server.config.ts`). The grace itself is tested in tests/security/slow-clients.api.test.ts.
 */

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

/**
 * A raw sign-up that has sent its head and the first `sentNow` characters of its body; it can
 * finish the body later. `dispatched` resolves once the server has read the head (100 Continue).
 */
function partialRequest(baseUrl: string, body: string, sentNow: number) {
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
  const head = [
    'POST /api/auth/signup HTTP/1.1',
    'Host: localhost',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
    'Connection: close',
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n${body.slice(0, sentNow)}`);
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => resolve(received.startsWith(CONTINUE) ? received.slice(CONTINUE.length) : received)),
  );
  return { dispatched, closed, finish: () => socket.write(body.slice(sentNow)) };
}

/** A live stream: resolves with its first bytes; `ended` once the server ends it. */
function openStream(baseUrl: string): Promise<{ ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(`${baseUrl}/api/realtime/profiles`, { agent: false }, (incoming) => {
      const ended = new Promise<void>((done) => incoming.on('close', () => done()));
      incoming.once('data', () => resolve({ ended }));
      incoming.on('data', () => undefined);
      incoming.on('error', () => undefined);
    });
    outgoing.on('error', reject);
  });
}

describe('SIGTERM', () => {
  let database: ServerDatabase | null = null;
  let server: ServerProcess | null = null;
  afterEach(async () => {
    await server?.close();
    await database?.drop();
  });

  it('ends the streams, lets a request in flight finish, closes slow bodies, and exits 0', {
    timeout: 60_000,
  }, async () => {
    database = await freshServerDatabase('sqlite');
    server = new ServerProcess(database.env);
    const { baseUrl } = await server.start();

    const stream = await openStream(baseUrl);
    const slow = Array.from({ length: 20 }, () => partialRequest(baseUrl, `{${' '.repeat(99)}`, 1));
    const body = JSON.stringify({ email: 'in-flight@example.test', password: 'correct horse battery' });
    const inFlight = partialRequest(baseUrl, body, 10);
    // Every request is in flight (its head read and dispatched) before the signal.
    await Promise.all([...slow, inFlight].map((request) => request.dispatched));

    const exit = server.terminate();
    await stream.ended;
    // Shutdown has begun: the request in flight sends the rest of its body, and gets its answer.
    inFlight.finish();
    expect(await inFlight.closed).toMatch(/^HTTP\/1\.1 200 /);

    // The slow bodies never finish: they are closed, and the process exits by itself.
    await Promise.all(slow.map((request) => request.closed));
    expect(await exit).toEqual({ code: 0, signal: null });
  });
});
