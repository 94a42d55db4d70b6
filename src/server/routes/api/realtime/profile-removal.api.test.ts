import { expect } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { promote, ROOMY_LIMITS, signIn } from '#test/club.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { PASSWORD, signUpAndSignIn } from '#test/sign-up.ts';
import { profileIn, SseClient } from '#test/sse-client.ts';
import { bearer, request, startTestServer, type TestServer } from '#test/test-server.ts';

const stream = (server: TestServer, lastEventId: string | null = null) =>
  new SseClient(new URL('/api/realtime/profiles', server.baseUrl).href, lastEventId);

const as = (session: Session, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: bearer(session.access_token),
});

/** The events of one member, as `[event, data]`. */
const eventsOf = (client: SseClient, id: string) =>
  client.events.filter((event) => event.data.includes(id)).map((event) => [event.event, JSON.parse(event.data)]);

describeEachDatabase('removals on the live stream', ROOMY_LIMITS, (test) => {
  let admin: Session;
  test.beforeAll(async ({ server }) => {
    admin = await promote(server, await signUpAndSignIn(server));
  });

  test('hide, suspend and deletion each reach the stream as DELETE carrying the id only; listing again as UPDATE', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const id = member.user.id;
    await request(server, `/api/profiles/${id}`, as(member, { method: 'PATCH', json: { username: 'Leaving Soon' } }));
    await server.app.profileFeed.poke(); // so the rename is before the stream's READY
    const client = stream(server);
    try {
      await client.waitFor(1, ['READY']);
      const act = (method: string, path: string, json?: unknown) =>
        request(server, `/api/admin/members/${id}${path}`, as(admin, { method, ...(json ? { json } : {}) }));
      // One step at a time: a feed that reads two changes at once sends both as the member is now.
      const seen = (count: number) => client.waitFor(count, ['DELETE', 'UPDATE']);
      await act('POST', '/moderation', { action: 'hide', reason: 'r' });
      await seen(1);
      await act('POST', '/moderation', { action: 'unhide', reason: 'r' });
      await seen(2);
      await act('PUT', '/suspension', { reason: 'r' });
      await seen(3);
      await act('DELETE', '/suspension');
      await seen(4);
      const deleted = await request(server, '/api/account', {
        method: 'DELETE',
        json: { password: PASSWORD },
        headers: bearer((await signIn(server, member.user.email)).access_token),
      });
      expect(deleted.status).toBe(204);
      await seen(5);
      const events = client.events.filter((event) => event.event === 'DELETE' || event.event === 'UPDATE');
      expect(events.map((event) => event.event)).toEqual(['DELETE', 'UPDATE', 'DELETE', 'UPDATE', 'DELETE']);
      // Every event has its change id; a DELETE says whom, and nothing else.
      const ids = events.map((event) => Number(event.id));
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      for (const event of events.filter((e) => e.event === 'DELETE')) expect(JSON.parse(event.data)).toEqual({ id });
      expect(profileIn(events[1])).toMatchObject({ id, username: 'Leaving Soon' });
      expect(client.events.map((event) => event.data).join('\n')).not.toContain(member.user.email);
    } finally {
      await client.close();
    }
  });

  test('what a hidden member writes reaches the stream only as DELETE, never as content', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    const id = member.user.id;
    await request(
      server,
      `/api/admin/members/${id}/moderation`,
      as(admin, { method: 'POST', json: { action: 'hide', reason: 'r' } }),
    );
    await server.app.profileFeed.poke();
    const client = stream(server);
    try {
      await client.waitFor(1, ['READY']);
      const edit = await request(
        server,
        `/api/profiles/${id}`,
        as(member, { method: 'PATCH', json: { bio: 'still rude while hidden', show_email: true } }),
      );
      expect(edit.status).toBe(200);
      await client.waitFor(1, ['DELETE']);
      expect(eventsOf(client, id)).toEqual([['DELETE', { id }]]);
      const everything = client.events.map((event) => event.data).join('\n');
      expect(everything).not.toContain('still rude');
      expect(everything).not.toContain(member.user.email);
    } finally {
      await client.close();
    }
  });

  test('a resume read from the database (another instance) replays a deleted member’s changes as DELETE {id}', async ({
    server,
  }) => {
    const before = await server.app.repos.profileChanges.latestId();
    const member = await signUpAndSignIn(server);
    const id = member.user.id;
    await request(
      server,
      `/api/profiles/${id}`,
      as(member, { method: 'PATCH', json: { username: 'Gone Soon', show_email: true } }),
    );
    await request(server, `/api/admin/members/${id}`, as(admin, { method: 'DELETE', json: { reason: 'asked' } }));

    // A second instance on the same database has nothing in memory: it reads the replay from the table.
    const second = await startTestServer(server.app.database.kind, {
      ...ROOMY_LIMITS,
      database: server.config.database,
    });
    const client = stream(second, String(before));
    try {
      await client.waitFor(3, ['INSERT', 'UPDATE', 'DELETE']);
      expect(eventsOf(client, id)).toEqual([
        ['DELETE', { id }],
        ['DELETE', { id }],
        ['DELETE', { id }],
      ]);
      const everything = client.events.map((event) => event.data).join('\n');
      expect(everything).not.toContain('Gone Soon');
      expect(everything).not.toContain(member.user.email);
    } finally {
      await client.close();
      await second.close();
    }
  });

  test('a resume from memory replays a hidden member’s earlier changes as DELETE too', async ({ server }) => {
    const before = await server.app.repos.profileChanges.latestId();
    const member = await signUpAndSignIn(server);
    const id = member.user.id;
    await request(server, `/api/profiles/${id}`, as(member, { method: 'PATCH', json: { bio: 'to be hidden' } }));
    await request(
      server,
      `/api/admin/members/${id}/moderation`,
      as(admin, { method: 'POST', json: { action: 'hide', reason: 'r' } }),
    );
    await server.app.profileFeed.poke();
    const client = stream(server, String(before));
    try {
      await client.waitFor(3, ['INSERT', 'UPDATE', 'DELETE']);
      expect(eventsOf(client, id)).toEqual([
        ['DELETE', { id }],
        ['DELETE', { id }],
        ['DELETE', { id }],
      ]);
      expect(client.events.map((event) => event.data).join('\n')).not.toContain('to be hidden');
    } finally {
      await client.close();
    }
  });
});
