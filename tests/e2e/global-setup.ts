import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '#test/free-port.ts';
import { ROOT } from '#test/repository-root.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The file the server writes its log to, every request included (level info, as in production). */
    serverLog: string;
  }
}

/** What `npm start` runs after building. */
const SERVER_ENTRY = 'build/server-app/server.js';

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

/**
 * Starts the production build the way `npm start` serves it (`node build/server-app/server.js`), on a
 * free loopback port with a fresh SQLite database, for every end-to-end test file. It logs as in
 * production (level info: a line for every request), to a file a test can read (`serverLog`).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'build', 'page-manifest.json')) || !existsSync(path.join(ROOT, SERVER_ENTRY))) {
    throw new Error('No production build: run `npm run build` before the end-to-end tests (npm test does).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roboforge-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog = path.join(dataDir, 'server.log');
  const logFile = openSync(serverLog, 'a');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      // Every spec signs up its own accounts, all from 127.0.0.1: more than a real address would.
      SIGNUPS_PER_ADDRESS: '1000',
      // argon2 at the test cost (refused outside NODE_ENV=test): an account costs 1 ms, not 33.
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
    },
    stdio: ['ignore', logFile, logFile],
  });
  closeSync(logFile);
  await waitForHealth(baseUrl, child, () => readFileSync(serverLog, 'utf8').slice(-4096));

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('serverLog', serverLog);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
