import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_CHANGES_CHANNEL } from '#server/db/repositories/profile-changes.ts';
import type { Session } from '#shared/schemas/auth.ts';
import { testSettings } from '#test/settings.ts';
import { profileIn, SseClient } from '#test/sse-client.ts';
import { bearer, request, signUpAndSignIn, startTestServer, type TestServer } from '#test/test-server.ts';

const url = testSettings.databaseUrl;

/** Ends every server connection that is LISTENing for profile changes, as a network fault or failover would. */
async function killListeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: url ?? undefined });
  await admin.connect();
  try {
    // Pick the listeners first: in one WHERE clause PostgreSQL may call pg_terminate_backend on any row.
    const listeners = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()',
      [`LISTEN ${PROFILE_CHANGES_CHANNEL}`],
    );
    for (const { pid } of listeners.rows) await admin.query('select pg_terminate_backend($1)', [pid]);
    return listeners.rows.length;
  } finally {
    await admin.end();
  }
}

describe.runIf(url)('realtime faults on PostgreSQL', () => {
  let writer: TestServer;
  let reader: TestServer;
  let member: Session;
  beforeAll(async () => {
    writer = await startTestServer('postgres');
    reader = await startTestServer('postgres', { database: writer.config.database });
    member = await signUpAndSignIn(writer);
  });
  afterAll(async () => {
    await reader.app.close();
    await writer.close();
  });

  const rename = (username: string) =>
    request(writer, `/api/profiles/${member.user.id}`, {
      method: 'PATCH',
      json: { username },
      headers: bearer(member.access_token),
    });

  it('after the LISTEN connection is killed, clients get every later change, in order, once', async () => {
    const client = new SseClient(new URL('/api/realtime/profiles', reader.baseUrl).href);
    try {
      await client.waitFor(1, ['READY']);
      await rename('before the fault');
      await client.waitFor(1, ['UPDATE']);

      expect(await killListeners()).toBeGreaterThanOrEqual(1);
      // Written through the other instance while the reader has no LISTEN: only replay can deliver these.
      const names = Array.from({ length: 10 }, (_, i) => `after the fault ${i}`);
      for (const name of names) expect((await rename(name)).status).toBe(200);

      const updates = await client.waitFor(11, ['UPDATE'], 15_000);
      const ids = updates.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(ids.length);
      expect(profileIn(updates.at(-1)).username).toBe(names.at(-1));

      // And the reader listens again: a new change arrives quickly, not only by the slow safety poll.
      const started = Date.now();
      await rename('listening again');
      await client.waitFor(12, ['UPDATE'], 15_000);
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await client.close();
    }
  });
});
