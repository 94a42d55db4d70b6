import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** Where Debian puts the server's own programs (initdb, pg_ctl), newest version first. */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql (apt-get install postgresql)');
}

/**
 * A throwaway PostgreSQL server owned by one test: its own data directory and port on loopback,
 * trust authentication, so the test can stop and restart it (a managed database's maintenance
 * window) without touching the machine's own server. PostgreSQL refuses to run as root, so when
 * the tests run as root the cluster runs as the `postgres` user.
 */
export class PostgresCluster {
  readonly port: number;
  readonly url: string;
  readonly #dir: string;
  readonly #bin: string;
  readonly #asUser: string[];

  private constructor(port: number, dir: string, bin: string, asUser: string[]) {
    this.port = port;
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    this.#dir = dir;
    this.#bin = bin;
    this.#asUser = asUser;
  }

  static async create(): Promise<PostgresCluster> {
    const bin = postgresBinDir();
    const dir = mkdtempSync(path.join(tmpdir(), 'roboforge-pg-'));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    chmodSync(dir, 0o700);
    const cluster = new PostgresCluster(await freePort(), dir, bin, asRoot ? ['runuser', '-u', 'postgres', '--'] : []);
    await cluster.#ctl(path.join(bin, 'initdb'), [
      '-D',
      path.join(dir, 'data'),
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ]);
    await cluster.start();
    return cluster;
  }

  async #ctl(program: string, args: string[]): Promise<void> {
    const [command = program, ...rest] = [...this.#asUser, program, ...args];
    await run(command, rest, { timeout: 60_000 });
  }

  #pgCtl(action: string, extra: string[] = []): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.#dir} -c fsync=off`;
    return this.#ctl(path.join(this.#bin, 'pg_ctl'), [
      action,
      '-D',
      path.join(this.#dir, 'data'),
      '-l',
      path.join(this.#dir, 'server.log'),
      '-o',
      options,
      '-w',
      ...extra,
    ]);
  }

  start(): Promise<void> {
    return this.#pgCtl('start');
  }

  /** Stops the server the way a maintenance window does: connections are cut, nothing is lost. */
  stop(): Promise<void> {
    return this.#pgCtl('stop', ['-m', 'fast']);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
