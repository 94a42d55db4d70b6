import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.ts';
import { ROOT } from './repository-root.ts';
import { testSettings } from './settings.ts';

/** One run of the server process, from spawn to exit. */
export interface ServerInstance {
  readonly baseUrl: string;
  readonly pid: number;
  readonly generation: number;
  /** Set just before this process is sent SIGKILL: failures after that are the kill's doing. */
  readonly killed: boolean;
  /** Exited without being killed or stopped by us. */
  readonly crashed: boolean;
}

interface Running extends ServerInstance {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  killed: boolean;
  crashed: boolean;
  stopping: boolean;
}

const STDERR_KEPT_BYTES = 4096;

/** `ulimit -n` values: the soft limit, which a process may raise itself up to the hard one. */
export interface OpenFileLimit {
  readonly soft: number;
  readonly hard: number;
}
export const DEFAULT_SCRIPT = 'build/server-app/server.js';

/** Live-stream caps high enough for thousands of streams from one loopback address (load tests, benchmarks). */
export const UNCAPPED_STREAMS = { MAX_STREAMS_PER_ADDRESS: '100000', MAX_STREAMS: '100000' } as const;

/**
 * The production server (`build/server-app/server.js`, what `npm start` runs) as a child process
 * on loopback that can be killed with SIGKILL and started again on the same database. Every wait
 * is bounded: a start that does not answer within `startTimeoutMs` is killed and reported with
 * the end of its stderr.
 */
export class ServerProcess {
  readonly #env: Readonly<Record<string, string>>;
  readonly #script: string;
  readonly #startTimeoutMs: number;
  readonly #openFiles: OpenFileLimit | undefined;
  readonly #port: number | undefined;
  #running: Running | null = null;
  #up: Running | null = null;
  #generation = 0;
  #closed = false;
  #waiters: ((instance: ServerInstance | null) => void)[] = [];
  #stderr = '';
  /** Instances that exited on their own, in order. */
  readonly crashes: ServerInstance[] = [];

  /**
   * `script`: the built server, relative to the repository (another build can stand in for it).
   * `openFiles`: the open-file limits (`ulimit -n`) the process starts with, as on a small host.
   * `port`: a fixed port (for a server whose SITE_URL must name it); otherwise a free one each start.
   */
  constructor(
    env: Readonly<Record<string, string>>,
    {
      script = DEFAULT_SCRIPT,
      startTimeoutMs = 20_000,
      openFiles,
      port,
    }: { script?: string; startTimeoutMs?: number; openFiles?: OpenFileLimit; port?: number } = {},
  ) {
    this.#env = env;
    this.#script = script;
    this.#startTimeoutMs = startTimeoutMs;
    this.#openFiles = openFiles;
    this.#port = port;
  }

  /** The instance answering requests now, or null while it is down. */
  get current(): ServerInstance | null {
    return this.#up;
  }

  /** The last lines the server wrote to stderr (for failure messages). */
  get stderrTail(): string {
    return this.#stderr;
  }

  /** Resolves with the instance once one is up; with null once the process is closed for good. */
  whenUp(): Promise<ServerInstance | null> {
    if (this.#closed) return Promise.resolve(null);
    if (this.#up) return Promise.resolve(this.#up);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Spawns the server and waits until it answers /api/health. */
  async start(): Promise<ServerInstance> {
    const running = await this.#spawn();
    await this.#waitUntilHealthy(running);
    this.#up = running;
    for (const waiter of this.#waiters.splice(0)) waiter(running);
    return running;
  }

  /**
   * Spawns the server and kills it when `moment` resolves (a delay, or an event such as a write
   * to its database), or once it answers if that comes first. Returns true when the kill came
   * before the server answered.
   */
  async killDuringStart(moment: Promise<unknown>): Promise<boolean> {
    const running = await this.#spawn();
    const healthy = this.#waitUntilHealthy(running).then(
      () => true,
      () => false,
    );
    const answeredFirst = await Promise.race([healthy, moment.then(() => false)]);
    await this.kill();
    await healthy;
    return !answeredFirst;
  }

  /** SIGKILL: no shutdown hooks, no flushing; waits until the process is gone. */
  async kill(): Promise<void> {
    const running = this.#running;
    if (!running) return;
    this.#up = null;
    running.killed = true;
    running.child.kill('SIGKILL');
    await running.exited;
  }

  /** SIGTERM (a graceful close), then SIGKILL if it takes longer than 10 s. */
  async stop(): Promise<void> {
    const running = this.#running;
    if (!running) return;
    this.#up = null;
    running.stopping = true;
    running.child.kill('SIGTERM');
    const closed = await Promise.race([running.exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!closed) await this.kill();
  }

  /**
   * SIGTERM, and the way the process ended, however long that takes: for a test of the shutdown
   * itself (bound it with the test's time limit; `close()` still kills a process that hangs).
   */
  async terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const running = this.#running;
    if (!running) throw new Error('the server is not running');
    this.#up = null;
    running.stopping = true;
    running.child.kill('SIGTERM');
    await running.exited;
    return { code: running.child.exitCode, signal: running.child.signalCode };
  }

  /** Stops any running instance and releases everyone waiting in `whenUp`. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiters.splice(0)) waiter(null);
    await this.stop();
  }

  async #spawn(): Promise<Running> {
    if (this.#running) throw new Error('the server is already running');
    const port = this.#port ?? (await freePort());
    // With limits, a shell sets them and then becomes the server (exec): the child is still the server.
    const [command, args] = this.#openFiles
      ? [
          '/bin/sh',
          [
            '-c',
            `ulimit -Sn ${this.#openFiles.soft} && ulimit -Hn ${this.#openFiles.hard} && exec "$0" "$@"`,
            process.execPath,
            this.#script,
          ],
        ]
      : [process.execPath, [this.#script]];
    const child = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        // Tests hash passwords at the test cost; a benchmark measures the real one.
        ...(testSettings.underTest ? { PASSWORD_HASH_COST: 'test' } : {}),
        ...this.#env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_KEPT_BYTES);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const running: Running = {
      baseUrl: `http://127.0.0.1:${port}`,
      pid: child.pid ?? -1,
      generation: ++this.#generation,
      child,
      exited,
      killed: false,
      crashed: false,
      stopping: false,
    };
    this.#running = running;
    void exited.then(() => {
      if (this.#running === running) this.#running = null;
      if (this.#up === running) this.#up = null;
      if (!running.killed && !running.stopping) {
        running.crashed = true;
        this.crashes.push(running);
      }
    });
    return running;
  }

  async #waitUntilHealthy(running: Running): Promise<void> {
    const deadline = Date.now() + this.#startTimeoutMs;
    while (Date.now() < deadline) {
      if (running.child.exitCode !== null || running.child.signalCode !== null) {
        throw new Error(`the server exited during start: ${this.#stderr.trim() || 'no output'}`);
      }
      if (await answersHealth(running.baseUrl)) return;
      await sleep(10);
    }
    await this.kill();
    throw new Error(`the server did not answer within ${this.#startTimeoutMs} ms: ${this.#stderr.trim()}`);
  }
}

function answersHealth(baseUrl: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}/api/health`, { timeout: 1000, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}
