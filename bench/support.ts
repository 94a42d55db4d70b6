import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { insertMember } from '#test/fixtures.ts';
import { freePort } from '#test/free-port.ts';

export { freePort };

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Live-stream caps high enough for thousands of streams from one loopback address (load tests, benchmarks). */
export const UNCAPPED_STREAMS = { MAX_STREAMS_PER_ADDRESS: '100000', MAX_STREAMS: '100000' } as const;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Fills a fresh SQLite database with `count` members (username, bio, some with e-mails shown). */
export async function seedMembers(dataDir: string, count: number): Promise<void> {
  const database = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'roboforge.sqlite') });
  await migrateToLatest(database);
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  await inTransaction(database.db, async (trx) => {
    for (let i = 0; i < count; i++) {
      await insertMember(
        database,
        {
          email: `member${i}@example.test`,
          username: `builder_${i}`,
          bio: `I am building robot number ${i}: sensors, motors and a lot of patience. ${'⚙️ '.repeat(i % 7)}`,
          showEmail: i % 5 === 0,
          createdAt: new Date(start + i * 60_000).toISOString(),
        },
        trx,
      );
    }
  });
  await database.close();
}

export interface RunningServer {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawn to the first answered request. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

/** Starts the production server the way `npm start` does (the built `build/server-app/server.js`) on loopback. */
export async function startServer(env: Record<string, string>, cwd = ROOT): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['build/server-app/server.js'], {
    cwd,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Every benchmark client comes from this one address: lift the live-stream caps out of the way.
      ...UNCAPPED_STREAMS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startupMs = performance.now() - started;
  return {
    baseUrl,
    child,
    startupMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function rssMb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used, from /proc. */
export async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const { readFile } = await import('node:fs/promises');
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(stat[11]) + Number(stat[12]);
  return ticks / 100;
}
