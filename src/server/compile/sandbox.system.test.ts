import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding } from '#test/needs.ts';
import { testSettings } from '#test/settings.ts';
import { toolchainOf } from '../../../scripts/sketches/build-hex.ts';
import { DEFAULT_SANDBOX_LIMITS, runInSandbox, type SandboxJob, type SandboxMounts } from './sandbox.ts';
import { type SandboxFiles, sandboxFiles } from './sandbox-files.ts';

// The sandbox run for real under bubblewrap, with the toolchain's own files (sandbox-files.ts).

let mounts: SandboxMounts;
let files: SandboxFiles;
beforeAll(async () => {
  const build = await mkdtemp(path.join(tmpdir(), 'roboforge-sandbox-test-'));
  await chmod(build, 0o755);
  await writeFile(path.join(build, 'note.txt'), 'prepared\n');
  await chmod(path.join(build, 'note.txt'), 0o644);
  files = await sandboxFiles(toolchainOf({ compiler: testSettings.avrCompiler, core: testSettings.arduinoAvrCore }));
  mounts = { core: testSettings.arduinoAvrCore, build, files };
});
afterAll(() => rm(mounts.build, { recursive: true, force: true }));

/** The same toolchain with more programs (and their shared libraries) the tests' scripts use: a compile runs none of them. */
const withTools = (...tools: string[]): SandboxMounts => {
  const libraries = tools.flatMap((tool) => execFileSync('ldd', [tool], { encoding: 'utf8' }).match(/\/\S+/g) ?? []);
  return { ...mounts, files: { ...files, files: [...files.files, ...tools, ...libraries] } };
};

describe('the compile sandbox’s file system', () => {
  it('shows the toolchain and nothing else of the machine, and only /job can be written', async () => {
    const probes = [
      '/usr/lib/os-release',
      '/etc/passwd',
      '/proc/self',
      '/tmp',
      '/usr/bin/node',
      '/usr/bin/env',
      '/usr/lib/x86_64-linux-gnu/libcrypto.so.3',
      process.cwd(),
      '/arduino/core/bootloaders',
      '/arduino/core/platform.txt',
    ];
    const run = await runInSandbox(
      () =>
        [
          ...probes.map((file) => `[ -e '${file}' ] && echo "found ${file}"`),
          `[ -x '${files.programs.gxx}' ] && echo compiler`,
          '[ -f /arduino/core/cores/arduino/Arduino.h ] && echo core',
          'cat /arduino/build/note.txt',
          'echo > /job/x && echo "wrote /job"',
          '{ echo > /x; } 2>/dev/null || echo "no write /"',
          '{ echo > /arduino/build/x; } 2>/dev/null || echo "no write build"',
          'true',
        ].join('\n'),
      '',
      { mode: 'bubblewrap', mounts },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      'compiler',
      'core',
      'prepared',
      'wrote /job',
      'no write /',
      'no write build',
    ]);
  });

  it('binds the programs and folders the toolchain names, never /usr/bin or /usr/lib whole', () => {
    expect(files.folders).not.toContain('/usr/bin');
    expect(files.folders).not.toContain('/usr/lib');
    expect(files.folders).toContain('/usr/lib/avr/include');
    for (const folder of files.folders) expect(folder).toMatch(/avr/);
  });
});

/** Every process of a process group, with its state (R running, S sleeping, T stopped…). */
async function groupStates(group: number): Promise<string[]> {
  const states: string[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state && Number(pgrp) === group) states.push(state);
  }
  return states;
}

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('a job’s processes, paused, resumed and stopped together', () => {
  it('pauses and resumes every process of the job, and stops them all when its learner leaves', async () => {
    const sleep = '/usr/bin/sleep';
    let job: SandboxJob | undefined;
    const left = new AbortController();
    const running = runInSandbox(() => `${sleep} 30 & ${sleep} 30 & wait`, '', {
      mode: 'bubblewrap',
      mounts: withTools(sleep),
      signal: left.signal,
      onStart: (started) => {
        job = started;
      },
    });
    await until(async () => job !== undefined && (await groupStates(job.pid)).length >= 5);
    if (!job) throw new Error('the job never started');
    const group = job.pid;
    // bwrap, the namespace's init, sh and the two sleeps: all in the group the server signals.
    expect((await groupStates(group)).length).toBeGreaterThanOrEqual(5);
    job.pause();
    await until(async () => (await groupStates(group)).every((state) => state === 'T'));
    expect(new Set(await groupStates(group))).toEqual(new Set(['T']));
    job.resume();
    await until(async () => (await groupStates(group)).every((state) => state !== 'T'));
    expect(await groupStates(group)).not.toContain('T');
    job.pause();
    left.abort(new Error('the learner left'));
    const run = await running;
    expect(run.stopped).toBe('aborted');
    // Dead, all of them, within a moment: SIGKILL reaches the group at once, but a process may still be
    // finishing its exit when the pipes close (a CI run saw one 'R'); a zombie only waits for its parent.
    const alive = async () => (await groupStates(group)).filter((state) => state !== 'Z');
    await until(async () => (await alive()).length === 0);
    expect(await alive()).toEqual([]);
  });

  it('counts only the time a job runs against its limit, not the time it is paused', async () => {
    const sleep = '/usr/bin/sleep';
    let job: SandboxJob | undefined;
    const run = runInSandbox(() => `${sleep} 0.2; echo finished`, '', {
      mode: 'bubblewrap',
      mounts: withTools(sleep),
      limits: { ...DEFAULT_SANDBOX_LIMITS, wallMs: 1_000 },
      onStart: (started) => {
        job = started;
        started.pause();
      },
    });
    // Paused past its whole limit: it is not stopped for time, and finishes once resumed.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    job?.resume();
    const done = await run;
    expect(done.stopped).toBe(null);
    expect(done.stdout).toBe('finished\n');
  });
});

// The sandbox's process limit. Only a root server runs each job as a user of its own with
// RLIMIT_NPROC set (an unprivileged server cannot change user), so these run where the server
// would be root: CI and these machines. Without root they are reported as skipped.
describeNeeding(['root'], 'the compile sandbox under a root server', () => {
  const limits = { ...DEFAULT_SANDBOX_LIMITS, processes: 10 };
  const sleep = '/usr/bin/sleep';
  const id = '/usr/bin/id';

  it('gives each job its own process allowance, so a class compiling at once never shares one', async () => {
    // Each job holds about 6 processes (bwrap, its init, sh, three sleeps) for half a second: 16 at
    // once are about 96, far over one allowance of 10, and within each job's own.
    const jobs = Array.from({ length: 16 }, () =>
      runInSandbox(() => `${sleep} 0.5 & ${sleep} 0.5 & ${sleep} 0.5 & wait; ${id} -u`, '', {
        mode: 'bubblewrap',
        mounts: withTools(sleep, id),
        limits,
      }),
    );
    const runs = await Promise.all(jobs);
    for (const run of runs) {
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(0);
    }
    const users = new Set(runs.map((run) => Number(run.stdout.trim())));
    expect(users.size).toBe(16);
    for (const user of users) expect(user).toBeGreaterThanOrEqual(1_000_000_000);
  });

  it('stops a job that starts process after process at its allowance', async () => {
    const run = await runInSandbox(
      () => `i=0; while [ $i -lt 30 ]; do ${sleep} 2 & i=$((i+1)); done; wait; echo done`,
      '',
      { mode: 'bubblewrap', mounts: withTools(sleep), limits },
    );
    expect(run.stderr).toMatch(/fork/i);
  });
});
