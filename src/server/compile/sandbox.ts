import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * The room where a learner's sketch is compiled: the security boundary of the compile service
 * (docs/decisions/017-the-compile-sandbox.md). A sketch is attacker-controlled C++ and the compiler
 * reads any file a `#include` or `.incbin` names, so it runs under bubblewrap with:
 * - no network, no IPC, a new PID namespace (`--unshare-all`), every capability dropped, a new
 *   session (no terminal to push keys into), an empty environment;
 * - a file system of just the toolchain (/usr/bin, /usr/lib), the Arduino core, our libraries and
 *   the board's prebuilt core archive, all read-only, and one small tmpfs (`/job`) to write in:
 *   no /etc, no home, no project or data folder, no /proc, and of /dev only `null`;
 * - limits from `prlimit`: CPU seconds, address space, file size, open files and (under a root
 *   server, which runs each job as a user of its own) processes; a wall-clock time-out that kills
 *   the whole process group; output read only up to a cap, then the job is killed.
 * `COMPILE_SANDBOX=off` runs the same script without bubblewrap: only for a single trusted user.
 */

/** The two folders a compile reads besides the toolchain. */
export interface SandboxMounts {
  /** The Arduino AVR core (the folder with platform.txt). */
  readonly core: string;
  /** What the service prepared: each board's core archive and a copy of our libraries (compiler.ts). */
  readonly build: string;
}

/** Where the script finds the mounts and where it may write. */
export interface SandboxPlaces extends SandboxMounts {
  readonly scratch: string;
}

export interface SandboxLimits {
  readonly wallMs: number;
  readonly cpuSeconds: number;
  readonly addressSpaceBytes: number;
  readonly fileSizeBytes: number;
  readonly processes: number;
  /** Bytes of standard output (the program) read before the job is killed. */
  readonly stdoutBytes: number;
  /** Bytes of standard error (the compiler's messages) kept; more are dropped and the job killed. */
  readonly stderrBytes: number;
  /** The size of /job, the only place it can write. */
  readonly scratchBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  wallMs: 10_000,
  cpuSeconds: 10,
  addressSpaceBytes: 1024 * 1024 * 1024,
  fileSizeBytes: 16 * 1024 * 1024,
  processes: 64,
  stdoutBytes: 2 * 1024 * 1024,
  stderrBytes: 256 * 1024,
  scratchBytes: 64 * 1024 * 1024,
};

export type SandboxMode = 'bubblewrap' | 'off';

export interface SandboxRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Why the job was stopped from outside, if it was. */
  readonly stopped: 'time' | 'output' | null;
}

/** Where the mounts are seen inside the sandbox: paths that say nothing about the server. */
const INSIDE: SandboxPlaces = { core: '/arduino/core', build: '/arduino/build', scratch: '/job' };

/*
 * Under a root server each job runs as a user of its own, drawn from a range no account uses.
 * RLIMIT_NPROC counts every process of a user on the whole machine, so jobs sharing one user
 * (`nobody`, as before) shared one allowance: a class's compiles at once, or two instances on one
 * machine, made bubblewrap fail with "Can't fork". A user per job makes the limit the job's own.
 * A draw repeated by a job running at the same time only shares that job's allowance.
 */
const JOB_USERS = { first: 1_000_000_000, count: 1_000_000 } as const;

/** A user id for one job (exported for the sandbox's test). */
export function jobUser(): number {
  return JOB_USERS.first + randomInt(JOB_USERS.count);
}

function bubblewrapArgs(mounts: SandboxMounts, limits: SandboxLimits): string[] {
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin',
    '--setenv',
    'LANG',
    'C',
    '--ro-bind',
    '/usr/bin',
    '/usr/bin',
    '--ro-bind',
    '/usr/lib',
    '/usr/lib',
    '--ro-bind-try',
    '/usr/lib64',
    '/usr/lib64',
    '--ro-bind-try',
    '/usr/libexec',
    '/usr/libexec',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--ro-bind',
    mounts.core,
    INSIDE.core,
    '--ro-bind',
    mounts.build,
    INSIDE.build,
    '--dev-bind',
    '/dev/null',
    '/dev/null',
    '--size',
    String(limits.scratchBytes),
    '--tmpfs',
    INSIDE.scratch,
    '--size',
    String(limits.scratchBytes),
    '--tmpfs',
    '/tmp',
    '--chdir',
    INSIDE.scratch,
    '--',
  ];
}

function prlimitArgs(limits: SandboxLimits, mode: SandboxMode): string[] {
  return [
    `--cpu=${limits.cpuSeconds}`,
    `--as=${limits.addressSpaceBytes}`,
    `--fsize=${limits.fileSizeBytes}`,
    '--nofile=256',
    '--core=0',
    // RLIMIT_NPROC counts every process of the user: meaningful only for the sandbox's own user.
    ...(mode === 'bubblewrap' && process.getuid?.() === 0 ? [`--nproc=${limits.processes}`] : []),
    '--',
  ];
}

/**
 * Runs the script made for the sandbox's places with `sh -c`, `input` on its standard input (the
 * sketch), and answers what it printed. Never rejects for what the script does; rejects only when
 * the sandbox itself cannot start.
 */
export async function runInSandbox(
  script: (places: SandboxPlaces) => string,
  input: string,
  {
    mode,
    mounts,
    limits = DEFAULT_SANDBOX_LIMITS,
  }: { mode: SandboxMode; mounts: SandboxMounts; limits?: SandboxLimits },
): Promise<SandboxRun> {
  if (mode === 'bubblewrap') return run(['sh', '-c', script(INSIDE)], input, mode, mounts, limits);
  // Without the sandbox: the same script in a scratch folder of its own, removed afterwards.
  const scratch = await mkdtemp(path.join(tmpdir(), 'roboforge-compile-job-'));
  try {
    return await run(['sh', '-c', script({ ...mounts, scratch })], input, mode, mounts, limits, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function run(
  inner: string[],
  input: string,
  mode: SandboxMode,
  mounts: SandboxMounts,
  limits: SandboxLimits,
  cwd?: string,
): Promise<SandboxRun> {
  const args =
    mode === 'bubblewrap'
      ? [...prlimitArgs(limits, mode), 'bwrap', ...bubblewrapArgs(mounts, limits), ...inner]
      : [...prlimitArgs(limits, mode), ...inner];
  const asRoot = process.getuid?.() === 0;
  const user = asRoot && mode === 'bubblewrap' ? jobUser() : undefined;
  return new Promise((resolve, reject) => {
    const child = spawn('prlimit', args, {
      // Its own process group, so a time-out kills everything the compiler started.
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: mode === 'off' ? { PATH: '/usr/bin:/bin', LANG: 'C' } : {},
      // Root's processes escape RLIMIT_NPROC, and root should hold nothing in there anyway.
      ...(user !== undefined ? { uid: user, gid: user } : {}),
      ...(cwd ? { cwd } : {}),
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let stopped: SandboxRun['stopped'] = null;
    const kill = (why: NonNullable<SandboxRun['stopped']>) => {
      stopped ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill('time'), limits.wallMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > limits.stdoutBytes) return kill('output');
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const room = limits.stderrBytes - stderrBytes;
      stderrBytes += chunk.length;
      if (room > 0) stderr.push(chunk.subarray(0, room));
      if (stderrBytes > limits.stderrBytes) kill('output');
    });
    // The sketch may be refused before it is read (a script that fails early): a closed pipe is fine.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({
        exitCode,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        stopped,
      });
    });
  });
}
