import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTransaction } from '#server/db/transaction.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { describeNeeding } from '#test/needs.ts';
import { describeEachDatabase } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { profileIn, SseClient } from '#test/sse-client.ts';
import { bearer, request, startTestServer, type TestServer } from '#test/test-server.ts';
import { CHANGE_RETENTION_MS } from '../../../realtime/profile-feed.ts';

const stream = (server: TestServer, lastEventId: string | null = null) =>
  new SseClient(new URL('/api/realtime/profiles', server.baseUrl).href, lastEventId);

const rename = (server: TestServer, session: Session, username: string) =>
  request(server, `/api/profiles/${session.user.id}`, {
    method: 'PATCH',
    json: { username },
    headers: bearer(session.access_token),
  });

/** These tests open many streams from one address (25 at once): more than the default cap of 10. */
const manyStreams = { streamLimits: { perAddress: 100, total: 1000 } };

describeEachDatabase('live profile stream', manyStreams, (test) => {
  const clients: SseClient[] = [];
  const open = (target: TestServer, lastEventId: string | null = null) => {
    const client = stream(target, lastEventId);
    clients.push(client);
    return client;
  };

  test.afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  test('is open to anonymous visitors and sends INSERT and UPDATE with public fields and change ids', async ({
    server,
  }) => {
    const client = open(server);
    const [ready] = await client.waitFor(1, ['READY']);
    expect(client.status).toBe(200);
    const member = await signUpAndSignIn(server);
    await rename(server, member, 'Sparky');
    const [inserted, updated] = await client.waitFor(2, ['INSERT', 'UPDATE']);
    expect(inserted?.event).toBe('INSERT');
    expect(updated?.event).toBe('UPDATE');
    expect(Number(inserted?.id)).toBeGreaterThan(Number(ready?.id));
    expect(Number(updated?.id)).toBeGreaterThan(Number(inserted?.id));
    const profile = profileIn(updated);
    expect(profile).toMatchObject({ id: member.user.id, username: 'Sparky', email: null });
    expect(Object.keys(JSON.parse(updated?.data ?? '')).sort()).toEqual([
      'avatar_url',
      'bio',
      'created_at',
      'email',
      'id',
      'username',
    ]);
    expect(inserted?.data).not.toContain(member.user.email);
  });

  test('sends the stream headers and security headers', async ({ server }) => {
    const res = await fetch(new URL('/api/realtime/profiles', server.baseUrl), { signal: AbortSignal.timeout(1000) });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    await res.body?.cancel();
  });

  test('resumes with Last-Event-ID: exactly the missed changes, in order, then live ones', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    const first = open(server);
    await first.waitFor(1, ['READY']);
    await rename(server, member, 'Before');
    const [seen] = await first.waitFor(1, ['UPDATE']);
    await first.close();

    // While disconnected: three changes.
    for (const name of ['One', 'Two', 'Three']) await rename(server, member, name);
    const resumed = open(server, seen?.id ?? null);
    const missed = await resumed.waitFor(3, ['UPDATE']);
    // Each event carries the member's profile as it is now (from memory or from the table).
    expect(profileIn(missed[2]).username).toBe('Three');
    const ids = missed.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBeGreaterThan(Number(seen?.id));
    await rename(server, member, 'Live');
    const all = await resumed.waitFor(4, ['UPDATE']);
    expect(profileIn(all[3]).username).toBe('Live');
    // Nothing was sent twice.
    expect(new Set(resumed.events.map((e) => e.id)).size).toBe(resumed.events.length);
  });

  test('answers RESYNC when the id is older than what is kept, or not an id at all', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    await rename(server, member, 'Old news');
    // The feed has read the rename (its reads are spaced 40 ms apart), so the RESYNC carries its id.
    await server.app.profileFeed.poke();
    const db = server.app.database.db;
    // Age every change past the retention window, then prune.
    await db
      .updateTable('profile_changes')
      .set({ created_at: new Date(Date.now() - CHANGE_RETENTION_MS - 60_000).toISOString() })
      .execute();
    await server.app.profileFeed.prune();
    const stale = open(server, '1');
    const [resync] = await stale.waitFor(1);
    expect(resync?.event).toBe('RESYNC');
    expect(Number(resync?.id)).toBe(server.app.profileFeed.lastId);
    const garbage = open(server, 'not-a-number');
    expect((await garbage.waitFor(1))[0]?.event).toBe('RESYNC');
    const future = open(server, String(server.app.profileFeed.lastId + 1000));
    expect((await future.waitFor(1))[0]?.event).toBe('RESYNC');
  });

  test('never sends a change that was rolled back', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    const client = open(server);
    await client.waitFor(1, ['READY']);
    const db = server.app.database.db;
    await inTransaction(db, async (trx) => {
      await server.app.repos.profileChanges.record(
        { profileId: member.user.id, kind: 'UPDATE', at: new Date().toISOString() },
        trx,
      );
      throw new Error('roll back');
    }).catch(() => undefined);
    await server.app.profileFeed.poke();
    await rename(server, member, 'Committed');
    const events = await client.waitFor(1, ['UPDATE']);
    expect(events).toHaveLength(1);
    expect(profileIn(events[0]).username).toBe('Committed');
    const rows = await sql<{
      n: number;
    }>`select count(*) as n from profile_changes where profile_id = ${member.user.id}`.execute(db);
    expect(Number(rows.rows[0]?.n)).toBe(2); // INSERT + the committed UPDATE
  });

  test('one database read serves many clients', async ({ server }) => {
    const many = Array.from({ length: 25 }, () => open(server));
    await Promise.all(many.map((c) => c.waitFor(1, ['READY'])));
    expect(server.app.profileFeed.clientCount).toBeGreaterThanOrEqual(25);
    const member = await signUpAndSignIn(server);
    await Promise.all(many.map((c) => c.waitFor(1, ['INSERT'])));
    for (const c of many) expect(profileIn(c.events.at(-1)).id).toBe(member.user.id);
  });

  test('survives a restart: changes made while the server was down arrive after reconnecting', async ({
    databaseKind,
  }) => {
    const first = await startTestServer(databaseKind);
    const member = await signUpAndSignIn(first);
    const client = open(first);
    const [ready] = await client.waitFor(1, ['READY']);
    // Stop the server: the stream ends, as it would on SIGTERM.
    await first.app.close();
    await client.done;
    expect(client.ended).toBe(true);
    const second = await startTestServer(databaseKind, { database: first.config.database });
    try {
      await rename(second, member, 'While you were away');
      const reconnected = open(second, client.lastEventId ?? ready?.id ?? null);
      const events = await reconnected.waitFor(1, ['UPDATE']);
      expect(profileIn(events[0]).username).toBe('While you were away');
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await second.close();
      // The second server shared the first one's database: the first removes it.
      await first.close();
    }
  });
});

describeNeeding(['TEST_DATABASE_URL'], 'two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer('postgres');
    b = await startTestServer('postgres', { database: a.config.database });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('a change written through A reaches a client of B, and a client moving from A to B misses nothing', async () => {
    const onB = new SseClient(new URL('/api/realtime/profiles', b.baseUrl).href);
    const onA = new SseClient(new URL('/api/realtime/profiles', a.baseUrl).href);
    try {
      await Promise.all([onB.waitFor(1, ['READY']), onA.waitFor(1, ['READY'])]);
      const member = await signUpAndSignIn(a);
      await rename(a, member, 'Fan-out');
      const onBEvents = await onB.waitFor(2, ['INSERT', 'UPDATE']);
      expect(profileIn(onBEvents[1]).username).toBe('Fan-out');

      await onA.waitFor(2, ['INSERT', 'UPDATE']);
      await onA.close();
      await rename(a, member, 'Moved 1');
      await rename(b, member, 'Moved 2');
      const moved = new SseClient(new URL('/api/realtime/profiles', b.baseUrl).href, onA.lastEventId);
      try {
        const missed = await moved.waitFor(2, ['UPDATE']);
        expect(missed).toHaveLength(2);
        expect(Number(missed[0]?.id)).toBeGreaterThan(Number(onA.lastEventId));
      } finally {
        await moved.close();
      }
    } finally {
      await Promise.all([onA.close(), onB.close()]);
    }
  });
});
