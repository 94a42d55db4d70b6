import { closeSync, copyFileSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect } from 'vitest';
import { describeEachDatabase, serverTest } from '#test/server-fixture.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { request, startTestServer, type TestServer } from '#test/test-server.ts';

const PASSWORD = 'correct horse battery'; // signUpAndSignIn's default

const signIn = (server: TestServer, email: string) =>
  request(server, '/api/auth/token?grant_type=password', { method: 'POST', json: { email, password: PASSWORD } });

async function pragma(server: TestServer, statement: string): Promise<number> {
  const { rows } = await sql<Record<string, number>>`${sql.raw(`pragma ${statement}`)}`.execute(server.app.database.db);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

const fullDisk = serverTest('sqlite', { logLevel: 'error' });

describe('health on a full disk (SQLite)', () => {
  fullDisk(
    'reports the database degraded once writes fail, and the log names the full disk',
    async ({ server, logs }) => {
      const member = await signUpAndSignIn(server);
      expect((await request(server, '/api/health')).status).toBe(200);

      // The database may not grow past the pages it has now: every write that needs a page fails.
      await pragma(server, `max_page_count = ${await pragma(server, 'page_count')}`);
      let failed = null;
      for (let attempt = 0; attempt < 200 && !failed; attempt++) {
        const answer = await signIn(server, member.user.email);
        if (answer.status !== 200) failed = answer;
      }
      expect(failed?.status).toBe(500);

      const health = await request(server, '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ error: { code: 'database_degraded' } });
      expect(logs.text).toContain('database or disk is full');
      expect(logs.text).not.toContain('cannot rollback');
    },
  );
});

const original = serverTest('sqlite');
const copies = mkdtempSync(path.join(tmpdir(), 'roboforge-damaged-'));
afterAll(() => rmSync(copies, { recursive: true, force: true }));

describe('health on a database with damaged pages (SQLite)', () => {
  original('answers 503 where sign-in would fail, instead of ok', async ({ server }) => {
    const member = await signUpAndSignIn(server);
    // A copy of the database with every change in the main file, then the users table's pages overwritten.
    await pragma(server, 'wal_checkpoint(TRUNCATE)');
    const pageSize = await pragma(server, 'page_size');
    const { rows } = await sql<{ rootpage: number }>`
      select rootpage from sqlite_schema where tbl_name = 'users' and rootpage > 0`.execute(server.app.database.db);
    const file = path.join(copies, 'damaged.sqlite');
    copyFileSync(server.config.database.kind === 'sqlite' ? server.config.database.file : '', file);
    const fd = openSync(file, 'r+');
    for (const { rootpage } of rows)
      writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (rootpage - 1) * pageSize);
    closeSync(fd);

    const damaged = await startTestServer('sqlite', { database: { kind: 'sqlite', file } });
    try {
      expect((await signIn(damaged, member.user.email)).status).toBe(500);
      const health = await request(damaged, '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ error: { code: 'database_unavailable' } });
    } finally {
      await damaged.app.close();
    }
  });
});

describeEachDatabase('health after refused writes', (test) => {
  test('stays ok when a write is refused for the data (an e-mail already registered), not for the database', async ({
    server,
  }) => {
    const member = await signUpAndSignIn(server);
    const again = await request(server, '/api/auth/signup', {
      method: 'POST',
      json: { email: member.user.email, password: PASSWORD },
    });
    expect(again.status).toBe(422);
    expect((await request(server, '/api/health')).status).toBe(200);
  });
});
