import { describe, expect, it } from 'vitest';
import { CompileQueue, QueueFullError } from './compile-queue.ts';

/** A job that finishes when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    job: async () => {
      log.push(name);
      await done;
      return name;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CompileQueue', () => {
  it('takes accounts in turn, so one account’s many clicks do not hold up the others', async () => {
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 10, maxWaitingPerAccount: 5 });
    const started: string[] = [];
    const jobs = ['a1', 'a2', 'a3', 'b1', 'c1', 'b2'].map((name) => gate(started, name));
    const results = jobs.map((j, i) => queue.run(`${j.job.name}${['a', 'a', 'a', 'b', 'c', 'b'][i]}`, j.job));
    await tick();
    expect(started).toEqual(['a1']);
    for (const j of jobs) {
      j.open();
      await tick();
      await tick();
    }
    await Promise.all(results);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('runs as many at once as it has cores', async () => {
    const queue = new CompileQueue({ concurrency: 2, maxWaiting: 10, maxWaitingPerAccount: 5 });
    const started: string[] = [];
    const jobs = ['x', 'y', 'z'].map((name) => gate(started, name));
    const results = jobs.map((j) => queue.run('one', j.job));
    await tick();
    expect(started).toEqual(['x', 'y']);
    expect(queue.waiting).toBe(1);
    for (const j of jobs) j.open();
    expect(await Promise.all(results)).toEqual(['x', 'y', 'z']);
    expect(queue.running).toBe(0);
  });

  it('refuses at once past its bounds, in all and per account', async () => {
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 2, maxWaitingPerAccount: 1 });
    const started: string[] = [];
    const running = gate(started, 'running');
    const first = queue.run('a', running.job);
    const waiting = queue.run('a', async () => 'a-waiting');
    await expect(queue.run('a', async () => 'a-more')).rejects.toEqual(new QueueFullError('account'));
    const other = queue.run('b', async () => 'b-waiting');
    await expect(queue.run('c', async () => 'c')).rejects.toEqual(new QueueFullError('busy'));
    running.open();
    expect(await Promise.all([first, waiting, other])).toEqual(['running', 'a-waiting', 'b-waiting']);
  });

  it('frees the core when a job fails', async () => {
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 2, maxWaitingPerAccount: 2 });
    const failing = queue.run('a', async () => {
      throw new Error('compiler crashed');
    });
    await expect(failing).rejects.toThrow('compiler crashed');
    await expect(queue.run('a', async () => 'next')).resolves.toBe('next');
  });
});
