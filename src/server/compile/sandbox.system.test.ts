import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeNeeding } from '#test/needs.ts';
import { DEFAULT_SANDBOX_LIMITS, runInSandbox, type SandboxMounts } from './sandbox.ts';

// The sandbox's process limit, run for real under bubblewrap. Only a root server runs each job as
// a user of its own with RLIMIT_NPROC set (an unprivileged server cannot change user), so these run
// where the server would be root: CI and these machines. Without root they are reported as skipped.
const _AS_ROOT = process.getuid?.() === 0;

describeNeeding(['root'], 'the compile sandbox under a root server', () => {
  let mounts: SandboxMounts;
  beforeAll(async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'roboforge-sandbox-test-'));
    mounts = { core: empty, build: empty };
  });
  afterAll(() => rm(mounts.core, { recursive: true, force: true }));

  const limits = { ...DEFAULT_SANDBOX_LIMITS, processes: 10 };

  it('gives each job its own process allowance, so a class compiling at once never shares one', async () => {
    // Each job holds about 6 processes (bwrap, its init, sh, three sleeps) for half a second: 16 at
    // once are about 96, far over one allowance of 10, and within each job's own.
    const jobs = Array.from({ length: 16 }, () =>
      runInSandbox(() => 'sleep 0.5 & sleep 0.5 & sleep 0.5 & wait; id -u', '', {
        mode: 'bubblewrap',
        mounts,
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
      () => 'i=0; while [ $i -lt 30 ]; do sleep 2 & i=$((i+1)); done; wait; echo done',
      '',
      { mode: 'bubblewrap', mounts, limits },
    );
    expect(run.stderr).toMatch(/fork/i);
  });
});
