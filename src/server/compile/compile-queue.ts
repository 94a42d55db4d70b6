/*
 * Compiles waiting for a core, fairly: each account has its own line, and a free core takes the
 * first of the account served longest ago (one never served first), so one learner's twenty clicks
 * wait behind their own first one while the rest of the class goes on. Bounded: past `maxWaiting` in all, or `maxWaitingPerAccount` for one
 * account, a compile is refused at once instead of waiting for ever.
 */

export class QueueFullError extends Error {
  /** `busy`: the instance's line is full; `account`: this account already has enough waiting. */
  readonly reason: 'busy' | 'account';

  constructor(reason: 'busy' | 'account') {
    super(reason === 'busy' ? 'The compile queue is full' : 'This account has too many compiles waiting');
    this.reason = reason;
  }
}

interface Waiting {
  start(): void;
}

export interface CompileQueueOptions {
  /** Compiles at once (the machine's cores). */
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly maxWaitingPerAccount: number;
}

export class CompileQueue {
  readonly #options: CompileQueueOptions;
  readonly #lines = new Map<string, Waiting[]>();
  /** Accounts with a compile waiting, in the order their lines began. */
  readonly #turns: string[] = [];
  /** When each account last had a compile started (a count of starts), to serve the longest-waiting first. */
  readonly #lastServed = new Map<string, number>();
  #starts = 0;
  #running = 0;
  #waiting = 0;

  constructor(options: CompileQueueOptions) {
    this.#options = options;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting;
  }

  /** Runs `job` when a core is free and it is `account`'s turn; rejects with QueueFullError when it cannot wait. */
  run<T>(account: string, job: () => Promise<T>): Promise<T> {
    if (this.#running < this.#options.concurrency && this.#waiting === 0) return this.#start(account, job);
    const line = this.#lines.get(account) ?? [];
    if (this.#waiting >= this.#options.maxWaiting) return Promise.reject(new QueueFullError('busy'));
    if (line.length >= this.#options.maxWaitingPerAccount) return Promise.reject(new QueueFullError('account'));
    return new Promise<T>((resolve, reject) => {
      line.push({ start: () => this.#start(account, job).then(resolve, reject) });
      if (line.length === 1) {
        this.#lines.set(account, line);
        this.#turns.push(account);
      }
      this.#waiting++;
    });
  }

  #servedAt(account: string | undefined): number {
    return account === undefined ? Number.POSITIVE_INFINITY : (this.#lastServed.get(account) ?? 0);
  }

  async #start<T>(account: string, job: () => Promise<T>): Promise<T> {
    this.#running++;
    this.#lastServed.set(account, ++this.#starts);
    try {
      return await job();
    } finally {
      this.#running--;
      this.#next();
      // Idle: nobody's turn needs remembering.
      if (this.#running === 0 && this.#waiting === 0) this.#lastServed.clear();
    }
  }

  #next() {
    while (this.#running < this.#options.concurrency && this.#turns.length > 0) {
      let turn = 0;
      for (let i = 1; i < this.#turns.length; i++) {
        if (this.#servedAt(this.#turns[i]) < this.#servedAt(this.#turns[turn])) turn = i;
      }
      const [account] = this.#turns.splice(turn, 1);
      const line = account === undefined ? undefined : this.#lines.get(account);
      const waiting = line?.shift();
      if (account === undefined || !line || !waiting) continue;
      if (line.length > 0) this.#turns.push(account);
      else this.#lines.delete(account);
      this.#waiting--;
      waiting.start();
    }
  }
}
