import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freshServerDatabase, type ServerDatabase } from '#test/server-database.ts';
import { ServerProcess } from '#test/server-process.ts';

/*
 * Suite 2 of issue 16: one client must not take the site offline by holding every connection the
 * process may open. These run the built server (`npx vite build --config vite.server.config.ts`).
 */

type StreamAnswer =
  | { readonly status: number; readonly retryAfter: string | null; readonly close: () => void }
  | { readonly failed: string };

/** Opens one live stream on its own connection: its status once the head arrives, or why it failed. */
function openStream(baseUrl: string): Promise<StreamAnswer> {
  return new Promise((resolve) => {
    const outgoing = http.get(`${baseUrl}/api/realtime/profiles`, { agent: false, timeout: 10_000 }, (incoming) => {
      const retryAfter = incoming.headers['retry-after'] ?? null;
      if (incoming.statusCode !== 200) incoming.resume();
      resolve({ status: incoming.statusCode ?? 0, retryAfter, close: () => outgoing.destroy() });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.on('error', (error) => resolve({ failed: error.message }));
  });
}

function healthStatus(baseUrl: string): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = http.get(`${baseUrl}/api/health`, { agent: false, timeout: 10_000 }, (incoming) => {
      incoming.resume();
      resolve(incoming.statusCode ?? 0);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.on('error', (error) => resolve(error.message));
  });
}

/** The soft and hard "Max open files" of a running process. */
function openFileLimits(pid: number): { soft: string; hard: string } {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('Max open files'));
  const [soft = '', hard = ''] = line?.replace('Max open files', '').trim().split(/\s+/) ?? [];
  return { soft, hard };
}

describe('open files', () => {
  let database: ServerDatabase | null = null;
  let server: ServerProcess | null = null;
  const answers: StreamAnswer[] = [];
  afterEach(async () => {
    for (const answer of answers.splice(0)) if ('close' in answer) answer.close();
    await server?.close();
    await database?.drop();
  });

  it('the server raises its own soft open-file limit to the hard one', async () => {
    database = await freshServerDatabase('sqlite');
    server = new ServerProcess(database.env, { openFiles: { soft: 256, hard: 4096 } });
    const { pid } = await server.start();
    expect(openFileLimits(pid)).toEqual({ soft: '4096', hard: '4096' });
  });

  it('with few files allowed, streams past what fits get 503 and Retry-After; no connection is refused and health answers', {
    timeout: 60_000,
  }, async () => {
    database = await freshServerDatabase('sqlite');
    // One address may hold them all here, so only the limit that follows from the open files is met.
    server = new ServerProcess(
      { ...database.env, MAX_STREAMS_PER_ADDRESS: '10000' },
      { openFiles: { soft: 400, hard: 400 } },
    );
    const { baseUrl } = await server.start();
    for (let opened = 0; opened < 500; opened += 50) {
      answers.push(...(await Promise.all(Array.from({ length: 50 }, () => openStream(baseUrl)))));
    }
    const failures = answers.flatMap((answer) => ('failed' in answer ? [answer.failed] : []));
    expect(failures).toEqual([]);
    const statuses = answers.flatMap((answer) => ('status' in answer ? [answer.status] : []));
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(100);
    for (const answer of answers) {
      if ('status' in answer && answer.status === 503) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(await healthStatus(baseUrl)).toBe(200);
  });
});
