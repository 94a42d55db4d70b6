/** What the benchmarks share. What tests share with them lives in tests/support (#test/*): bench/ imports tests/support, never the other way round. */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '#test/free-port.ts';
import { ROOT } from '#test/repository-root.ts';
import { UNCAPPED_STREAMS } from '#test/server-process.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';

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

/** The phone the first-touch benchmarks load pages on (a mid-range Android's viewport). */
export const PHONE_VIEWPORT = { width: 412, height: 823 };

/**
 * A fresh browser context for one measured load: no service worker (every load is the network's),
 * `session` stored as a signed-in member's browser holds it, and `record` run in every page before
 * its own scripts.
 */
export async function measuredContext(
  browser: Browser,
  {
    session,
    record,
    viewport = PHONE_VIEWPORT,
  }: { session: string | null; record: () => void; viewport?: typeof PHONE_VIEWPORT },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  if (session) {
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: SESSION_STORAGE_KEY,
      value: session,
    });
  }
  await context.addInitScript(record);
  return context;
}

/**
 * Lighthouse's mobile figures on one page, through DevTools: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, 4× CPU, and no HTTP cache (every load a first visit).
 */
export async function asLighthouseMobile(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
