import pg from 'pg';

/**
 * Runs `work` on a connection of its own to the PostgreSQL at `url` (the tests' admin side: making
 * and dropping schemas, reading what a server left, ending another connection), closed afterwards
 * whatever happens.
 */
export async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends the server side of connections by their backend ids, as a network fault or a failover would. */
export function terminateBackends(url: string, pids: readonly number[]): Promise<void> {
  return withPostgres(url, async (admin) => {
    for (const pid of pids) await admin.query('select pg_terminate_backend($1)', [pid]);
  });
}
