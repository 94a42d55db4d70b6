import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { partialRequest } from '#test/partial-request.ts';
import { freshServerDatabase, type ServerDatabase } from '#test/server-database.ts';
import { ServerProcess } from '#test/server-process.ts';

/*
 * SIGTERM (issue 16, item 3): stop accepting, end the streams, give requests in flight a short
 * grace, then close what is left, and exit. Runs the built server (`npx vite build --config
 * vite.server.config.ts`). The grace itself is tested in tests/security/slow-clients.api.test.ts.
 */

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
    expect(await inFlight.answer).toMatch(/^HTTP\/1\.1 200 /);

    // The slow bodies never finish: they are closed, and the process exits by itself.
    await Promise.all(slow.map((request) => request.answer));
    expect(await exit).toEqual({ code: 0, signal: null });
  });
});
