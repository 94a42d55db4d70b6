import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompileQueue, type CompileQueueOptions, QueueFullError, type QueueTurn } from './compile-queue.ts';

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

/** Slices and the slow lane out of the way, for the tests of turns and bounds. */
const NO_SLICES = { sliceMs: 60_000, maxPaused: 4 };

/**
 * A compile that runs until the test opens it, and says what the queue did to it: started, paused,
 * resumed, stopped (its signal aborted).
 */
function compileJob(events: string[], name: string) {
  let open = () => {};
  const job = (turn: QueueTurn) =>
    new Promise<string>((resolve, reject) => {
      events.push(`${name} started`);
      turn.onStart({ pause: () => events.push(`${name} paused`), resume: () => events.push(`${name} resumed`) });
      open = () => resolve(name);
      turn.signal.addEventListener('abort', () => {
        events.push(`${name} stopped`);
        reject(turn.signal.reason);
      });
    });
  return { job, open: () => open() };
}

describe('CompileQueue', () => {
  it('takes accounts in turn, so one account’s many clicks do not hold up the others', async () => {
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 10, maxWaitingPerAccount: 5, ...NO_SLICES });
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
    const queue = new CompileQueue({ concurrency: 2, maxWaiting: 10, maxWaitingPerAccount: 5, ...NO_SLICES });
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
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 2, maxWaitingPerAccount: 1, ...NO_SLICES });
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
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 2, maxWaitingPerAccount: 2, ...NO_SLICES });
    const failing = queue.run('a', async () => {
      throw new Error('compiler crashed');
    });
    await expect(failing).rejects.toThrow('compiler crashed');
    await expect(queue.run('a', async () => 'next')).resolves.toBe('next');
  });

  it('when the lane is full, a newcomer with nothing waiting takes the place of the last compile of the account with the most', async () => {
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 3, maxWaitingPerAccount: 3, ...NO_SLICES });
    const events: string[] = [];
    const running = compileJob(events, 'running');
    const first = queue.run('flood', running.job);
    const flood = [1, 2, 3].map((i) => queue.run('flood', async () => `flood ${i}`));
    const newcomer = queue.run('learner', async () => 'learner');
    await expect(flood[2]).rejects.toEqual(new QueueFullError('busy'));
    // Now with one waiting against the flood's two, the learner pushes out no more.
    await expect(queue.run('learner', async () => 'again')).rejects.toEqual(new QueueFullError('busy'));
    running.open();
    expect(await Promise.all([first, flood[0], flood[1], newcomer])).toEqual([
      'running',
      'flood 1',
      'flood 2',
      'learner',
    ]);
  });

  it('a learner who leaves while waiting leaves the line; one who leaves while compiling has it stopped', async () => {
    const queue = new CompileQueue({ concurrency: 1, maxWaiting: 5, maxWaitingPerAccount: 5, ...NO_SLICES });
    const events: string[] = [];
    const running = compileJob(events, 'a');
    const runningLeft = new AbortController();
    const first = queue.run('a', running.job, runningLeft.signal);
    const waitingLeft = new AbortController();
    const waiting = queue.run('b', compileJob(events, 'b').job, waitingLeft.signal);
    const stays = compileJob(events, 'c');
    const staying = queue.run('c', stays.job);
    waitingLeft.abort(new Error('b left'));
    await expect(waiting).rejects.toThrow('b left');
    expect(queue.waiting).toBe(1);
    runningLeft.abort(new Error('a left'));
    await expect(first).rejects.toThrow('a left');
    await tick();
    stays.open();
    expect(await staying).toBe('c');
    expect(events).toEqual(['a started', 'a stopped', 'c started']);
  });
});

describe('CompileQueue, its slices and the slow lane', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const options: CompileQueueOptions = {
    concurrency: 1,
    maxWaiting: 10,
    maxWaitingPerAccount: 5,
    sliceMs: 1_000,
    maxPaused: 1,
  };

  it('pauses a compile still running after its slice while others wait, and resumes it when none do', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const queue = new CompileQueue(options);
    const events: string[] = [];
    const long = compileJob(events, 'long');
    const short = compileJob(events, 'short');
    const longDone = queue.run('attacker', long.job);
    const shortDone = queue.run('learner', short.job);
    await tick();
    expect(events).toEqual(['long started']);
    vi.advanceTimersByTime(1_000);
    await tick();
    expect(events).toEqual(['long started', 'long paused', 'short started']);
    expect(queue.paused).toBe(1);
    short.open();
    expect(await shortDone).toBe('short');
    await tick();
    expect(events.at(-1)).toBe('long resumed');
    long.open();
    expect(await longDone).toBe('long');
    await tick();
    expect(queue.running).toBe(0);
  });

  it('goes on running past its slice when nothing waits, and gives its core to the next newcomer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const queue = new CompileQueue(options);
    const events: string[] = [];
    const long = compileJob(events, 'long');
    const longDone = queue.run('attacker', long.job);
    await tick();
    vi.advanceTimersByTime(5_000);
    expect(events).toEqual(['long started']);
    const short = compileJob(events, 'short');
    const shortDone = queue.run('learner', short.job);
    await tick();
    expect(events).toEqual(['long started', 'long paused', 'short started']);
    short.open();
    await shortDone;
    await tick();
    expect(events.at(-1)).toBe('long resumed');
    long.open();
    await longDone;
  });

  it('stops a compile at the end of its slice, as busy, when the slow lane is full', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const queue = new CompileQueue(options);
    const events: string[] = [];
    const [first, second, third] = ['first', 'second', 'third'].map((name) => compileJob(events, name));
    if (!first || !second || !third) throw new Error('three jobs');
    const firstDone = queue.run('a', first.job);
    const secondDone = queue.run('b', second.job);
    const thirdDone = queue.run('c', third.job);
    await tick();
    vi.advanceTimersByTime(1_000);
    await tick();
    vi.advanceTimersByTime(1_000);
    await expect(secondDone).rejects.toEqual(new QueueFullError('busy'));
    await tick();
    expect(events).toEqual(['first started', 'first paused', 'second started', 'second stopped', 'third started']);
    third.open();
    await thirdDone;
    await tick();
    first.open();
    expect(await firstDone).toBe('first');
  });

  it('reckons Retry-After from how long compiles took', async () => {
    const queue = new CompileQueue({ ...options, maxWaiting: 100 });
    const before = queue.retryAfterSeconds();
    const slow = (ms: number) => () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), ms));
    for (let i = 0; i < 5; i++) await queue.run('a', slow(40));
    expect(queue.retryAfterSeconds()).toBe(1);
    expect(before).toBe(1);
    await tick();
    const waiting = [];
    const hold = compileJob([], 'hold');
    waiting.push(queue.run('a', hold.job));
    for (let i = 0; i < 60; i++) waiting.push(queue.run(`learner ${i}`, async () => 'x'));
    // 60 waiting on one core, each ~0.1–0.5 s as measured: far more than a second.
    expect(queue.retryAfterSeconds()).toBeGreaterThan(3);
    hold.open();
    await Promise.all(waiting);
  });
});
