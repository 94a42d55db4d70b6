/*
 * Compiles waiting for a core, fairly, in two lanes (decision 030).
 *
 * The fast lane: every compile starts there, in a line per account; a free core takes the first
 * of the account served longest ago (one never served first), so one learner's twenty clicks wait
 * behind their own first one while the rest of the class goes on. A compile there runs for a
 * first slice of time (`sliceMs`, a few times the slowest honest sketch's compile): nearly every
 * compile ends within it.
 *
 * The slow lane: a compile still running at the end of its slice is paused (SIGSTOP of its process
 * group) and waits there, taking no core; paused compiles go on only while no fast-lane compile
 * waits, and a new fast-lane compile pauses one of them to take its core. So sketches that run to
 * the time limit, from however many accounts, cost a learner pressing Run on an ordinary sketch at
 * most one slice per account ahead of them, never the limit.
 *
 * Bounded: past `maxWaiting` waiting in the fast lane, or `maxWaitingPerAccount` for one account, a
 * compile is refused at once; when the fast lane is full, a newcomer from an account with nothing
 * waiting takes the place of the last compile of the account with the most waiting. Past
 * `maxPaused` in the slow lane, a compile at the end of its slice is stopped and refused (busy).
 * A compile whose learner left (its signal aborted) leaves its line, or is stopped.
 */

export class QueueFullError extends Error {
  /** `busy`: the instance's lines are full; `account`: this account already has enough waiting. */
  readonly reason: 'busy' | 'account';

  constructor(reason: 'busy' | 'account') {
    super(reason === 'busy' ? 'The compile queue is full' : 'This account has too many compiles waiting');
    this.reason = reason;
  }
}

/** A compile the queue can pause and resume once it runs (sandbox.ts's SandboxJob). */
export interface Pausable {
  pause(): void;
  resume(): void;
}

/** What a job is given: when to stop, and where to say it can be paused. */
export interface QueueTurn {
  readonly signal: AbortSignal;
  readonly onStart: (job: Pausable) => void;
}

export interface CompileQueueOptions {
  /** Compiles running at once (the machine's cores). */
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly maxWaitingPerAccount: number;
  /** A compile's first slice of running time, in the fast lane. */
  readonly sliceMs: number;
  /** Paused compiles kept in the slow lane. */
  readonly maxPaused: number;
}

interface Task {
  readonly account: string;
  readonly controller: AbortController;
  readonly begin: () => void;
  readonly fail: (error: unknown) => void;
  state: 'waiting' | 'running' | 'paused' | 'done';
  lane: 'fast' | 'slow';
  job: Pausable | null;
  slice: NodeJS.Timeout | undefined;
}

/** What a compile's duration is taken to be before any has been measured (a compile here, under load). */
const FIRST_ESTIMATE_MS = 500;

export class CompileQueue {
  readonly #options: CompileQueueOptions;
  readonly #lines = new Map<string, Task[]>();
  /** Accounts with a compile waiting in the fast lane, in the order their lines began. */
  readonly #turns: string[] = [];
  /** When each account last had a compile started (a count of starts), to serve the longest-waiting first. */
  readonly #lastServed = new Map<string, number>();
  /** Paused compiles, the next to resume first. */
  readonly #paused: Task[] = [];
  readonly #running = new Set<Task>();
  #starts = 0;
  #waiting = 0;
  /** A moving average of how long fast-lane compiles take here: what Retry-After is reckoned from. */
  #typicalMs = FIRST_ESTIMATE_MS;

  constructor(options: CompileQueueOptions) {
    this.#options = options;
  }

  get running(): number {
    return this.#running.size;
  }

  get waiting(): number {
    return this.#waiting;
  }

  get paused(): number {
    return this.#paused.length;
  }

  /** Seconds until a compile asked for now would likely be answered: from measured compile times. */
  retryAfterSeconds(): number {
    const ahead = this.#waiting / this.#options.concurrency + 1;
    return Math.max(1, Math.ceil((ahead * this.#typicalMs) / 1000));
  }

  /**
   * Runs `job` when a core is free and it is `account`'s turn; rejects with QueueFullError when it
   * cannot wait, and with `signal`'s reason when the learner leaves first.
   */
  run<T>(account: string, job: (turn: QueueTurn) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const line = this.#lines.get(account) ?? [];
    if (line.length >= this.#options.maxWaitingPerAccount) return Promise.reject(new QueueFullError('account'));
    const mustWait = this.#running.size >= this.#options.concurrency || this.#waiting > 0;
    if (mustWait && this.#waiting >= this.#options.maxWaiting && !this.#makeRoomFor(account)) {
      return Promise.reject(new QueueFullError('busy'));
    }
    return new Promise<T>((resolve, reject) => {
      const controller = new AbortController();
      const onLeave = () => {
        if (task.state !== 'waiting') return controller.abort(signal?.reason);
        this.#leaveLine(task);
        task.fail(signal?.reason);
      };
      const task: Task = {
        account,
        controller,
        state: 'waiting',
        lane: 'fast',
        job: null,
        slice: undefined,
        fail: (error) => {
          signal?.removeEventListener('abort', onLeave);
          reject(error);
        },
        begin: () => {
          const startedAt = performance.now();
          job({ signal: controller.signal, onStart: (running) => this.#attach(task, running) })
            .then(
              (value) => {
                if (task.lane === 'fast') this.#measured(performance.now() - startedAt);
                resolve(value);
              },
              (error: unknown) => reject(controller.signal.aborted ? (controller.signal.reason ?? error) : error),
            )
            .finally(() => {
              signal?.removeEventListener('abort', onLeave);
              this.#finished(task);
            });
        },
      };
      signal?.addEventListener('abort', onLeave, { once: true });
      if (!mustWait) {
        this.#start(task);
        return;
      }
      line.push(task);
      if (line.length === 1) {
        this.#lines.set(account, line);
        this.#turns.push(account);
      }
      this.#waiting++;
      // A newcomer takes the core of a compile that already had its slice.
      this.#preemptSlow();
    });
  }

  /** Stops every compile, waiting, running or paused, as busy (the server is closing: ask another). */
  close() {
    const closing = new QueueFullError('busy');
    for (const line of [...this.#lines.values()]) {
      for (const task of [...line]) {
        this.#leaveLine(task);
        task.fail(closing);
      }
    }
    for (const task of [...this.#running, ...this.#paused]) task.controller.abort(closing);
  }

  #measured(ms: number) {
    this.#typicalMs = 0.8 * this.#typicalMs + 0.2 * ms;
  }

  /** When the fast lane is full: the last compile of the account with the most waiting gives way to `account`. */
  #makeRoomFor(account: string): boolean {
    const mine = this.#lines.get(account)?.length ?? 0;
    let longest: Task[] | undefined;
    for (const line of this.#lines.values()) if (line.length > (longest?.length ?? 0)) longest = line;
    if (!longest || longest.length <= mine + 1) return false;
    const evicted = longest.at(-1);
    if (!evicted) return false;
    this.#leaveLine(evicted);
    evicted.state = 'done';
    evicted.fail(new QueueFullError('busy'));
    return true;
  }

  #leaveLine(task: Task) {
    const line = this.#lines.get(task.account);
    const at = line?.indexOf(task) ?? -1;
    if (!line || at === -1) return;
    line.splice(at, 1);
    this.#waiting--;
    if (line.length === 0) {
      this.#lines.delete(task.account);
      this.#turns.splice(this.#turns.indexOf(task.account), 1);
    }
    task.state = 'done';
  }

  #servedAt(account: string | undefined): number {
    return account === undefined ? Number.POSITIVE_INFINITY : (this.#lastServed.get(account) ?? 0);
  }

  #start(task: Task) {
    task.state = 'running';
    this.#running.add(task);
    this.#lastServed.set(task.account, ++this.#starts);
    task.slice = setTimeout(() => this.#sliceOver(task), this.#options.sliceMs);
    task.begin();
  }

  #attach(task: Task, job: Pausable) {
    task.job = job;
    // Paused before its processes started: they start paused too.
    if (task.state === 'paused') job.pause();
  }

  /** The first slice is over and the compile still runs: to the slow lane, or stopped when it is full. */
  #sliceOver(task: Task) {
    task.slice = undefined;
    if (task.state !== 'running') return;
    task.lane = 'slow';
    // With nothing else waiting, it may go on running.
    if (this.#waiting === 0) return;
    if (this.#paused.length >= this.#options.maxPaused) {
      task.controller.abort(new QueueFullError('busy'));
      return;
    }
    this.#pause(task, 'last');
    this.#next();
  }

  #pause(task: Task, place: 'first' | 'last') {
    task.job?.pause();
    task.state = 'paused';
    this.#running.delete(task);
    if (place === 'first') this.#paused.unshift(task);
    else this.#paused.push(task);
  }

  /** A fast-lane compile waits while a slow-lane one holds a core: that one is paused. */
  #preemptSlow() {
    for (const task of [...this.#running]) {
      if (this.#waiting === 0) return;
      if (task.lane !== 'slow') continue;
      this.#pause(task, 'first');
      this.#next();
    }
  }

  #finished(task: Task) {
    clearTimeout(task.slice);
    const wasRunning = this.#running.delete(task);
    const at = this.#paused.indexOf(task);
    if (at !== -1) this.#paused.splice(at, 1);
    task.state = 'done';
    if (wasRunning) this.#next();
    // Idle: nobody's turn needs remembering.
    if (this.#running.size === 0 && this.#waiting === 0 && this.#paused.length === 0) this.#lastServed.clear();
  }

  #next() {
    while (this.#running.size < this.#options.concurrency) {
      const task = this.#nextWaiting() ?? this.#paused.shift();
      if (!task) return;
      if (task.state === 'paused') {
        task.state = 'running';
        this.#running.add(task);
        task.job?.resume();
      } else {
        this.#start(task);
      }
    }
  }

  /** The first compile of the account served longest ago, taken out of its line. */
  #nextWaiting(): Task | undefined {
    if (this.#turns.length === 0) return undefined;
    let turn = 0;
    for (let i = 1; i < this.#turns.length; i++) {
      if (this.#servedAt(this.#turns[i]) < this.#servedAt(this.#turns[turn])) turn = i;
    }
    const [account] = this.#turns.splice(turn, 1);
    const line = account === undefined ? undefined : this.#lines.get(account);
    const task = line?.shift();
    if (account === undefined || !line || !task) return undefined;
    if (line.length > 0) this.#turns.push(account);
    else this.#lines.delete(account);
    this.#waiting--;
    return task;
  }
}
