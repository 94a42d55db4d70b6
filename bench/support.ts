/** What the benchmarks share. What tests share with them lives in tests/support (#test/*): bench/ imports tests/support, never the other way round. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '#test/free-port.ts';
import { ROOT } from '#test/repository-root.ts';
import { UNCAPPED_STREAMS } from '#test/server-process.ts';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
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
