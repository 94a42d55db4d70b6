import { afterEach, describe, expect } from 'vitest';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { describeEachDatabase, serverTest } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { profileIn, SseClient } from '#test/sse-client.ts';
import { bearer, request, type TestServer } from '#test/test-server.ts';

const STREAM_PATH = '/api/realtime/profiles';

const rename = (server: TestServer, session: Session, username: string) =>
  request(server, `/api/profiles/${session.user.id}`, {
    method: 'PATCH',
    json: { username },
    headers: bearer(session.access_token),
  });

/** A stream request from the given forwarded address: its answer's head, and a way to hang up. */
async function openFrom(server: TestServer, forwardedFor: string | null) {
  const controller = new AbortController();
  const response = await fetch(new URL(STREAM_PATH, server.baseUrl), {
    headers: { accept: 'text/event-stream', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    signal: controller.signal,
  });
  const body = response.headers.get('content-type')?.startsWith('application/json') ? await response.json() : null;
  return { response, body, close: () => controller.abort() };
}

const clients: SseClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
const stream = (server: TestServer) => {
  const client = new SseClient(new URL(STREAM_PATH, server.baseUrl).href);
  clients.push(client);
  return client;
};

describeEachDatabase('live streams per address', (test) => {
  test('the 11th stream from one address gets 429 with Retry-After; the ten keep receiving, and closing one frees a slot', async ({
    server,
  }) => {
    const open = Array.from({ length: 10 }, () => stream(server));
    await Promise.all(open.map((client) => client.waitFor(1, ['READY'])));

    const refused = stream(server);
    await Promise.race([refused.done, refused.waitFor(1)]);
    expect(refused.status).toBe(429);
    const eleventh = await openFrom(server, null);
    expect(eleventh.response.status).toBe(429);
    expect(eleventh.response.headers.get('retry-after')).toBe(String(LIVE_STREAM_RETRY_AFTER_SECONDS));
    expect(eleventh.body).toMatchObject({ error: { code: 'too_many_streams' } });

    const member = await signUpAndSignIn(server);
    await rename(server, member, 'Still live');
    for (const client of open) {
      const events = await client.waitFor(1, ['UPDATE']);
      expect(profileIn(events.at(-1)).username).toBe('Still live');
    }

    await open[0]?.close();
    await expect.poll(() => server.app.streamSlots.openFrom('127.0.0.1')).toBe(9);
    const again = stream(server);
    await again.waitFor(1, ['READY']);
    expect(again.status).toBe(200);
  });
});

const behindProxy = serverTest('sqlite', { trustProxy: true });

describe('live streams behind a trusted proxy', () => {
  behindProxy('count per forwarded client address', async ({ server }) => {
    const fromA = await Promise.all(Array.from({ length: 10 }, () => openFrom(server, '203.0.113.7')));
    try {
      expect(fromA.map((answer) => answer.response.status)).toEqual(Array(10).fill(200));
      const eleventh = await openFrom(server, '203.0.113.7');
      expect(eleventh.response.status).toBe(429);
      const fromB = await openFrom(server, '203.0.113.8');
      expect(fromB.response.status).toBe(200);
      fromB.close();
    } finally {
      for (const answer of fromA) answer.close();
    }
  });
});

const smallServer = serverTest('sqlite', { streamLimits: { perAddress: 10, total: 3 } });

describe('live streams in all', () => {
  smallServer('past the global cap a stream gets 503 with Retry-After', async ({ server }) => {
    const open = Array.from({ length: 3 }, () => stream(server));
    await Promise.all(open.map((client) => client.waitFor(1, ['READY'])));
    const fourth = await openFrom(server, null);
    expect(fourth.response.status).toBe(503);
    expect(fourth.response.headers.get('retry-after')).toBe(String(LIVE_STREAM_RETRY_AFTER_SECONDS));
    expect(fourth.body).toMatchObject({ error: { code: 'too_many_streams_in_all' } });
    // Other requests are unaffected.
    expect((await request(server, '/api/health')).status).toBe(200);
  });
});
