import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Session } from '#shared/schemas/auth.ts';
import { describeNeeding } from '#test/needs.ts';
import { killListeners, waitForListeners } from '#test/realtime-faults.ts';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { profileIn, SseClient } from '#test/sse-client.ts';
import { bearer, request, startTestServer, type TestServer } from '#test/test-server.ts';

const url = testSettings.databaseUrl ?? '';

describeNeeding(['TEST_DATABASE_URL'], 'realtime faults on PostgreSQL', () => {
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

      const killed = await killListeners(url);
      expect(killed).toBeGreaterThanOrEqual(1);
      // Written through the other instance while the reader has no LISTEN: only replay can deliver these.
      const names = Array.from({ length: 10 }, (_, i) => `after the fault ${i}`);
      for (const name of names) expect((await rename(name)).status).toBe(200);

      const updates = await client.waitFor(11, ['UPDATE'], 15_000);
      const ids = updates.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(new Set(ids).size).toBe(ids.length);
      expect(profileIn(updates.at(-1)).username).toBe(names.at(-1));

      // And both instances LISTEN again by themselves (not only the 5 s safety poll keeps them current);
      // how fast a change then arrives is measured by `npm run soak`, not asserted here.
      await waitForListeners(url, killed);
      await rename('listening again');
      await client.waitFor(12, ['UPDATE'], 15_000);
    } finally {
      await client.close();
    }
  });
});
