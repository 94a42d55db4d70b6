import { randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeNeeding } from '#test/needs.ts';
import { terminateBackends, withPostgres } from '#test/postgres-admin.ts';
import { testSettings } from '#test/settings.ts';
import { ListenConnection } from './listen-connection.ts';

/** Empty without TEST_DATABASE_URL: the suite is skipped. */
const url = testSettings.databaseUrl ?? '';

/**
 * A LISTEN connection on a channel of its own, whose clients the test sees and whose retries wait
 * for the test to run them (`runRetries`), so nothing happens later behind the test's back.
 */
function listenConnection() {
  const events = new EventEmitter();
  const clients: pg.Client[] = [];
  const pendingRetries = new Set<() => void>();
  const channel = `listen_test_${randomBytes(4).toString('hex')}`;
  const connection = new ListenConnection({
    createClient: () => {
      const client = new pg.Client({ connectionString: url });
      clients.push(client);
      return client;
    },
    channel,
    onNotification: () => events.emit('notification'),
    onListening: async () => void events.emit('listening'),
    log: { warn: () => undefined },
    scheduleRetry: (retry) => {
      pendingRetries.add(retry);
      events.emit('retry scheduled');
      return () => pendingRetries.delete(retry);
    },
  });
  const runRetries = () => {
    for (const retry of pendingRetries) {
      pendingRetries.delete(retry);
      retry();
    }
  };
  return { connection, events, clients, channel, pendingRetries, runRetries };
}

/** Ends the server side of a client's connection, as a network fault or a failover would. */
async function dropConnection(client: pg.Client | undefined): Promise<void> {
  if (!client) throw new Error('no client to drop');
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  await terminateBackends(
    url,
    rows.map((row) => row.pid),
  );
}

/** Listening, then its connection dropped from the server's side: a retry waits for `runRetries`. */
async function droppedListenConnection() {
  const listen = listenConnection();
  try {
    await listen.connection.open();
    expect(listen.clients).toHaveLength(1);
    const retryScheduled = once(listen.events, 'retry scheduled');
    await dropConnection(listen.clients[0]);
    await retryScheduled;
    return listen;
  } catch (error) {
    await listen.connection.close();
    throw error;
  }
}

describeNeeding(['TEST_DATABASE_URL'], 'a LISTEN connection', () => {
  it('listens again after its connection drops (the control for the two below)', async () => {
    const { connection, events, clients, channel, runRetries } = await droppedListenConnection();
    try {
      const listening = once(events, 'listening');
      runRetries();
      await listening;
      expect(clients).toHaveLength(2);
      const heard = once(events, 'notification');
      await withPostgres(url, (admin) => admin.query('select pg_notify($1, $2)', [channel, '1']));
      await heard;
    } finally {
      await connection.close();
    }
  });

  it('closed while a reconnect waits, opens no client, ever', async () => {
    const { connection, clients, pendingRetries, runRetries } = await droppedListenConnection();
    await connection.close();
    // Every retry still due runs now; none is left to run later.
    runRetries();
    expect(pendingRetries.size).toBe(0);
    expect(clients).toHaveLength(1);
  });

  it('closed while a reconnect is connecting, ends that client before it listens', async () => {
    const { connection, events, clients, pendingRetries, runRetries } = await droppedListenConnection();
    try {
      runRetries();
      const connecting = clients[1];
      if (!connecting) throw new Error('the retry opened no client');
      const outcome = Promise.race([
        once(connecting, 'end').then(() => 'ended'),
        once(events, 'listening').then(() => 'listening'),
      ]);
      await connection.close();
      expect(await outcome).toBe('ended');
      runRetries();
      expect(pendingRetries.size).toBe(0);
      expect(clients).toHaveLength(2);
    } finally {
      await connection.close();
    }
  });
});
