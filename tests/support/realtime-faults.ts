import { setTimeout as sleep } from 'node:timers/promises';
import { PROFILE_CHANGES_CHANNEL } from '#server/db/repositories/profile-changes.ts';
import { terminateBackends, withPostgres } from './postgres-admin.ts';
import { signUpAndSignIn } from './sign-up.ts';
import { SseClient } from './sse-client.ts';
import { bearer, request, startTestServer } from './test-server.ts';

const listenersQuery = {
  text: 'select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()',
  values: [`LISTEN ${PROFILE_CHANGES_CHANNEL}`],
};

/** Ends every server connection that is LISTENing for profile changes, as a network fault or failover would. */
export async function killListeners(url: string): Promise<number> {
  // Pick the listeners first: in one WHERE clause PostgreSQL may call pg_terminate_backend on any row.
  const listeners = await withPostgres(url, async (admin) => (await admin.query<{ pid: number }>(listenersQuery)).rows);
  await terminateBackends(
    url,
    listeners.map((listener) => listener.pid),
  );
  return listeners.length;
}

/** How many server connections LISTEN for profile changes right now. */
export function countListeners(url: string): Promise<number> {
  return withPostgres(url, async (admin) => (await admin.query(listenersQuery)).rows.length);
}

/**
 * The time bound the suite does not assert (`npm run soak`): a writer and a reader instance on the
 * PostgreSQL at `url`; `runs` times the LISTEN connections are killed, and once they are back, the
 * time from a profile change written through the writer to its arrival on the reader's stream.
 * Through NOTIFY it is milliseconds; only the 5 s safety poll would take seconds.
 */
export async function timesToDeliveryAfterRelisten(url: string, runs: number): Promise<number[]> {
  const writer = await startTestServer('postgres');
  const reader = await startTestServer('postgres', { database: writer.config.database });
  const client = new SseClient(new URL('/api/realtime/profiles', reader.baseUrl).href);
  const times: number[] = [];
  try {
    const member = await signUpAndSignIn(writer);
    await client.waitFor(1, ['READY']);
    for (let run = 1; run <= runs; run++) {
      const killed = await killListeners(url);
      await waitForListeners(url, killed);
      const started = performance.now();
      const renamed = await request(writer, `/api/profiles/${member.user.id}`, {
        method: 'PATCH',
        json: { username: `relisten ${run}` },
        headers: bearer(member.access_token),
      });
      if (renamed.status !== 200) throw new Error(`rename failed: ${renamed.status} ${renamed.text}`);
      await client.waitFor(run, ['UPDATE'], 15_000);
      times.push(performance.now() - started);
    }
  } finally {
    await client.close();
    await reader.app.close();
    await writer.close();
  }
  return times;
}

/** Resolves once `count` connections LISTEN again (each instance reconnects by itself), or throws after `timeoutMs`. */
export async function waitForListeners(url: string, count: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await countListeners(url)) < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} connections LISTEN after ${timeoutMs} ms`);
    await sleep(50);
  }
}
