import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SandboxFiles } from './sandbox-files.ts';

/*
 * The room where a learner's sketch is compiled: the security boundary of the compile service
 * (docs/decisions/017-the-compile-sandbox.md). A sketch is attacker-controlled C++ and the compiler
 * reads any file a `#include` or `.incbin` names, so it runs under bubblewrap with:
 * - no network, no IPC, a new PID namespace (`--unshare-all`), every capability dropped, an
 *   environment of PATH, LANG and TMPDIR only;
 * - a read-only file system of exactly the toolchain (its programs, its folders and the shared
 *   libraries they load, sandbox-files.ts), the Arduino core's sources at `/arduino/core`, the folder
 *   the service prepared at `/arduino/build`, and of `/dev` only `null`; one 64 MiB tmpfs (`/job`) is
 *   the only place it can write (TMPDIR points there: the compiler's temporary files share it), and
 *   the sandbox's own root is made read-only once everything is bound;
 * - limits from `prlimit`: CPU seconds, address space, file size, open files and (under a root
 *   server, which runs each job as a user of its own) processes; a time limit on the time it has
 *   run (a paused job's clock stops) that kills its process group; output read only up to a cap,
 *   then the job is killed.
 * The job's processes share one process group (spawned detached, so a new session with no terminal,
 * and bubblewrap's `--new-session` is not needed): pausing (SIGSTOP), resuming and killing the group
 * reach bwrap, the namespace's init, the shell and every compiler process it started.
 * `COMPILE_SANDBOX=off` runs the same script without bubblewrap: only for a single trusted user.
 */

/** What a compile reads: the toolchain, the Arduino core and the folder the service prepared. */
export interface SandboxMounts {
  /** The Arduino AVR core (the folder with platform.txt): its cores, variants and libraries are bound. */
  readonly core: string;
  /** What the service prepared: each board's core archive and a copy of our libraries' headers (compiler.ts). */
  readonly build: string;
  /** The toolchain's programs, folders and shared libraries (sandbox-files.ts). */
  readonly files: SandboxFiles;
}

/** Where the script finds the mounts and the programs, and where it may write. */
export interface SandboxPlaces {
  readonly core: string;
  readonly build: string;
  readonly scratch: string;
  readonly programs: SandboxFiles['programs'];
}

export interface SandboxLimits {
  /** Time the job may run, not counting the time it is paused. */
  readonly wallMs: number;
  readonly cpuSeconds: number;
  readonly addressSpaceBytes: number;
  readonly fileSizeBytes: number;
  readonly processes: number;
  /** Bytes of standard output (the Intel HEX file) read before the job is killed. */
  readonly stdoutBytes: number;
  /** Bytes of the program (the ELF file, on file descriptor 3) read before the job is killed. */
  readonly programBytes: number;
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
  programBytes: 4 * 1024 * 1024,
  stderrBytes: 256 * 1024,
  scratchBytes: 64 * 1024 * 1024,
};

export type SandboxMode = 'bubblewrap' | 'off';

export interface SandboxRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  /** What the script wrote to file descriptor 3: the linked program. */
  readonly program: Buffer;
  readonly stderr: string;
  /** Why the job was stopped from outside, if it was. */
  readonly stopped: 'time' | 'output' | 'aborted' | null;
}

/** A running job, for a scheduler that gives it turns (compile-queue.ts). */
export interface SandboxJob {
  /** The job's process group. */
  readonly pid: number;
  /** Stops every process of the job (SIGSTOP) and its clock. */
  pause(): void;
  /** Lets them go on (SIGCONT), and the clock with them. */
  resume(): void;
}

export interface SandboxOptions {
  readonly mode: SandboxMode;
  readonly mounts: SandboxMounts;
  readonly limits?: SandboxLimits;
  /** Aborting it kills the job (a learner who left). */
  readonly signal?: AbortSignal;
  /** Told the job once it runs, so it can be paused and resumed. */
  readonly onStart?: (job: SandboxJob) => void;
}

/** Where the mounts are seen inside the sandbox: paths that say nothing about the server. */
const INSIDE = { core: '/arduino/core', build: '/arduino/build', scratch: '/job' } as const;

/** The Arduino core's folders a compile reads (its sources and headers; not its bootloaders or tools). */
const CORE_FOLDERS = ['cores', 'variants', 'libraries'] as const;

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

const bind = (from: string, to = from) => ['--ro-bind', from, to];

function bubblewrapArgs({ core, build, files }: SandboxMounts, limits: SandboxLimits): string[] {
  const programFolders = [...new Set(Object.values(files.programs).map((file) => path.dirname(file)))];
  return [
    '--unshare-all',
    '--die-with-parent',
    '--cap-drop',
    'ALL',
    '--clearenv',
    '--setenv',
    'PATH',
    programFolders.join(':'),
    '--setenv',
    'LANG',
    'C',
    // The compiler's temporary files go to /job, the one writable place, within its budget.
    '--setenv',
    'TMPDIR',
    INSIDE.scratch,
    ...files.folders.flatMap((folder) => bind(folder)),
    ...files.files.flatMap((file) => bind(file)),
    ...CORE_FOLDERS.flatMap((folder) => bind(path.join(core, folder), `${INSIDE.core}/${folder}`)),
    ...bind(build, INSIDE.build),
    '--dev-bind',
    '/dev/null',
    '/dev/null',
    '--size',
    String(limits.scratchBytes),
    '--tmpfs',
    INSIDE.scratch,
    // bubblewrap's own root is a tmpfs the job could otherwise write to, without a size.
    '--remount-ro',
    '/',
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
  { mode, mounts, limits = DEFAULT_SANDBOX_LIMITS, signal, onStart }: SandboxOptions,
): Promise<SandboxRun> {
  const { programs } = mounts.files;
  if (mode === 'bubblewrap') {
    const places = { ...INSIDE, programs };
    const args = [...prlimitArgs(limits, mode), 'bwrap', ...bubblewrapArgs(mounts, limits), programs.sh];
    return run([...args, '-c', script(places)], input, mode, { limits, signal, onStart });
  }
  // Without the sandbox: the same script in a scratch folder of its own, removed afterwards.
  const scratch = await mkdtemp(path.join(tmpdir(), 'roboforge-compile-job-'));
  try {
    const places = { core: mounts.core, build: mounts.build, scratch, programs };
    const args = [...prlimitArgs(limits, mode), programs.sh, '-c', script(places)];
    return await run(args, input, mode, { limits, signal, onStart, cwd: scratch });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Bytes read from a stream up to a cap; past it, `over` is called once. */
function capped(stream: NodeJS.ReadableStream, cap: number, over: () => void) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => {
    const room = cap - bytes;
    bytes += chunk.length;
    if (room > 0) chunks.push(chunk.subarray(0, room));
    if (bytes > cap) over();
  });
  return () => Buffer.concat(chunks);
}

function run(
  args: string[],
  input: string,
  mode: SandboxMode,
  {
    limits,
    signal,
    onStart,
    cwd,
  }: { limits: SandboxLimits; signal?: AbortSignal; onStart?: SandboxOptions['onStart']; cwd?: string },
): Promise<SandboxRun> {
  const asRoot = process.getuid?.() === 0;
  const user = asRoot && mode === 'bubblewrap' ? jobUser() : undefined;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      resolve({ exitCode: null, stdout: '', program: Buffer.alloc(0), stderr: '', stopped: 'aborted' });
      return;
    }
    const child = spawn('prlimit', args, {
      // A process group (and session) of its own, which every process of the job stays in.
      detached: true,
      // Standard input, output and error, and file descriptor 3 for the program.
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: mode === 'off' ? { PATH: '/usr/bin:/bin', LANG: 'C' } : {},
      // Root's processes escape RLIMIT_NPROC, and root should hold nothing in there anyway.
      ...(user !== undefined ? { uid: user, gid: user } : {}),
      ...(cwd ? { cwd } : {}),
    });
    let stopped: SandboxRun['stopped'] = null;
    let ended = false;
    const signalGroup = (name: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined && !ended) process.kill(-child.pid, name);
      } catch {
        // Already gone.
      }
    };
    const kill = (why: NonNullable<SandboxRun['stopped']>) => {
      stopped ??= why;
      signalGroup('SIGKILL');
    };
    // The time limit counts only the time the job runs: a paused job's clock stops.
    let left = limits.wallMs;
    let runningSince = performance.now();
    let timer: NodeJS.Timeout | undefined = setTimeout(() => kill('time'), left);
    const job: SandboxJob = {
      pid: child.pid ?? 0,
      pause() {
        if (timer === undefined || ended) return;
        clearTimeout(timer);
        timer = undefined;
        left -= performance.now() - runningSince;
        signalGroup('SIGSTOP');
      },
      resume() {
        if (timer !== undefined || ended) return;
        runningSince = performance.now();
        timer = setTimeout(() => kill('time'), Math.max(0, left));
        signalGroup('SIGCONT');
      },
    };
    const onAbort = () => kill('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const [stdin, stdoutStream, stderrStream, programStream] = child.stdio;
    const stdout = capped(stdoutStream as NodeJS.ReadableStream, limits.stdoutBytes, () => kill('output'));
    const stderr = capped(stderrStream as NodeJS.ReadableStream, limits.stderrBytes, () => kill('output'));
    const program = capped(programStream as NodeJS.ReadableStream, limits.programBytes, () => kill('output'));
    // The sketch may be refused before it is read (a script that fails early): a closed pipe is fine.
    stdin?.on('error', () => {});
    (stdin as NodeJS.WritableStream).end(input);
    const finish = () => {
      ended = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(error);
    });
    child.on('spawn', () => onStart?.(job));
    child.on('close', (exitCode) => {
      finish();
      resolve({
        exitCode,
        stdout: stdout().toString('utf8'),
        program: program(),
        stderr: stderr().toString('utf8'),
        stopped,
      });
    });
  });
}
