import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Board } from '#shared/content/projects.ts';
import {
  type CompiledSketch,
  compiledSketchSchema,
  type Diagnostic,
  type SketchTab,
} from '#shared/schemas/sketch-compile.ts';
import type { compiledSketchesRepository } from '../db/repositories/compiled-sketches.ts';
import { CompileQueue, type CompileQueueOptions, QueueFullError } from './compile-queue.ts';
import { CompilerFailure, type SketchCompiler } from './compiler.ts';
import { courtesyRefusal } from './sketch-source.ts';

/*
 * `POST /api/sketches/compile` behind the route: the cache every instance shares (the database),
 * one compile for the same source asked for at once (in this instance), the fair bounded queue, and
 * the compiler in its sandbox. See docs/compile-service.md.
 */

export type CompileAnswer =
  | { readonly ok: true; readonly sketch: CompiledSketch }
  | { readonly ok: false; readonly message: string; readonly diagnostics: Diagnostic[] };

/** Why a compile was not even tried. */
export class CompileRefusal extends Error {
  readonly reason: 'unavailable' | 'rate' | 'busy' | 'account';
  /** Seconds to wait before asking again. */
  readonly retryAfterSeconds: number;

  constructor(reason: CompileRefusal['reason'], message: string, retryAfterSeconds = 0) {
    super(message);
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** How long a cached program is kept after its last use. */
const CACHE_DAYS = 30;
const DAY_MS = 86_400_000;
/** How long a server that cannot compile waits before it checks again (a toolchain installed meanwhile). */
const RECHECK_MS = 60_000;
/** What a learner is told when the service itself failed; the log has the details. */
const FAILED = 'The compile service failed on this server and is checking itself again. Try again in a minute.';

/** A compile several learners wait on (the same source at once), called off when all of them left. */
interface SharedCompile {
  readonly answer: Promise<CompileAnswer>;
  readonly controller: AbortController;
  askers: number;
}

export interface CompileServiceOptions {
  readonly compiler: SketchCompiler;
  readonly cache: ReturnType<typeof compiledSketchesRepository>;
  /** Compiles each account may ask for in a window (cached answers count too). */
  readonly perAccount: RateLimiterAbstract;
  readonly queue: CompileQueueOptions;
  readonly log: FastifyBaseLogger;
}

export class CompileService {
  readonly #options: CompileServiceOptions;
  readonly #queue: CompileQueue;
  /** Compiles under way in this instance, by key: a second ask for the same source waits on the first. */
  readonly #inFlight = new Map<string, SharedCompile>();
  #problem: Promise<string | null> | null = null;
  #lastPrune = 0;

  constructor(options: CompileServiceOptions) {
    this.#options = options;
    this.#queue = new CompileQueue(options.queue);
  }

  /**
   * Why this instance cannot compile, or null: checked at start (the toolchain, the sandbox, the
   * workspace), logged when it cannot, and told to every learner who presses Run; checked again a
   * minute after a problem, and after any failure of the service itself.
   */
  problem(): Promise<string | null> {
    this.#problem ??= this.#check();
    return this.#problem;
  }

  #check(): Promise<string | null> {
    const checking = this.#options.compiler.problem().then(
      (problem) => {
        if (problem) this.#options.log.error(`compiling sketches is off: ${problem}`);
        else if (this.#options.compiler.sandbox === 'off') {
          this.#options.log.warn('COMPILE_SANDBOX=off: learners’ sketches are compiled WITHOUT a sandbox');
        }
        return problem;
      },
      (error: unknown) => {
        this.#options.log.error({ err: error }, 'compiling sketches is off: the check failed');
        return 'The compile service could not start on this server.';
      },
    );
    // A problem is not final: a toolchain installed or a sandbox allowed meanwhile is found a minute later.
    void checking.then((problem) => {
      if (!problem) return;
      setTimeout(() => {
        if (this.#problem === checking) this.#problem = null;
      }, RECHECK_MS).unref();
    });
    return checking;
  }

  /** The service failed: logged, the learner told in one sentence, and everything checked again next time. */
  #failed(error: unknown): CompileRefusal {
    this.#options.log.error({ err: error }, 'compiling a sketch failed');
    this.#problem = null;
    return new CompileRefusal('unavailable', FAILED, 60);
  }

  /**
   * Compiles `source` for `board` on behalf of `account`, or throws CompileRefusal; `signal` is the
   * learner's request: when it ends, their compile leaves the queue or is stopped.
   */
  async compile(
    account: string,
    board: Board,
    source: string,
    signal?: AbortSignal,
    tabs: readonly SketchTab[] = [],
  ): Promise<CompileAnswer> {
    const problem = await this.problem();
    if (problem) throw new CompileRefusal('unavailable', problem, 3600);
    await this.#countFor(account);
    for (const file of [{ name: null, source }, ...tabs]) {
      const refusal = courtesyRefusal(file.source);
      if (!refusal) continue;
      const where = file.name === null ? {} : { file: file.name };
      return {
        ok: false,
        message: refusal.message,
        diagnostics: [{ ...where, line: refusal.line, column: 0, severity: 'error', message: refusal.message }],
      };
    }
    let toolchainKey: string;
    try {
      toolchainKey = await this.#options.compiler.toolchainKey(board);
    } catch (error) {
      throw this.#failed(error);
    }
    const hash = createHash('sha256').update(`${board}\0${toolchainKey}\0`).update(source);
    for (const tab of [...tabs].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      hash.update(`\0${tab.name}\0`).update(tab.source);
    }
    const key = hash.digest('hex');
    const stored = await this.#options.cache.find(key);
    if (stored !== null) {
      const parsed = compiledSketchSchema.safeParse({ ...JSON.parse(stored), cached: true });
      if (parsed.success) return { ok: true, sketch: parsed.data };
    }
    let shared = this.#inFlight.get(key);
    if (!shared) {
      const controller = new AbortController();
      const answer = this.#compileNow(account, key, board, source, tabs, controller.signal).finally(() =>
        this.#inFlight.delete(key),
      );
      shared = { answer, controller, askers: 0 };
      this.#inFlight.set(key, shared);
    }
    return this.#waitFor(shared, signal);
  }

  /** One asker's wait on a shared compile: the compile is called off when the last of them leaves. */
  #waitFor(shared: SharedCompile, signal?: AbortSignal): Promise<CompileAnswer> {
    shared.askers++;
    if (!signal) return shared.answer;
    const leave = () => {
      shared.askers--;
      if (shared.askers === 0) shared.controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
    return shared.answer.finally(() => signal.removeEventListener('abort', leave));
  }

  async #countFor(account: string) {
    try {
      await this.#options.perAccount.consume(account);
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      const wait = Math.max(1, Math.ceil(((rejection as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000));
      throw new CompileRefusal('rate', `You pressed Run very often. Try again in ${wait} s.`, wait);
    }
  }

  async #compileNow(
    account: string,
    key: string,
    board: Board,
    source: string,
    tabs: readonly SketchTab[],
    signal: AbortSignal,
  ): Promise<CompileAnswer> {
    let outcome: Awaited<ReturnType<SketchCompiler['compile']>>;
    try {
      outcome = await this.#queue.run(
        account,
        (turn) => this.#options.compiler.compile(board, source, turn, tabs),
        signal,
      );
    } catch (error) {
      if (error instanceof QueueFullError) {
        const wait = this.#queue.retryAfterSeconds();
        throw error.reason === 'busy'
          ? new CompileRefusal('busy', `Many programs are being compiled right now. Try again in ${wait} s.`, wait)
          : new CompileRefusal('account', `Your earlier Runs are still being compiled. Try again in ${wait} s.`, wait);
      }
      if (error instanceof CompilerFailure) throw this.#failed(error);
      throw error;
    }
    if (!outcome.ok) return outcome;
    await this.#options.cache.store(key, JSON.stringify(outcome.sketch));
    this.#pruneNowAndThen();
    return { ok: true, sketch: { ...outcome.sketch, cached: false } };
  }

  /** How many compiles run, wait in the fast lane and wait paused in the slow lane, in this instance. */
  get load(): { running: number; waiting: number; paused: number } {
    return { running: this.#queue.running, waiting: this.#queue.waiting, paused: this.#queue.paused };
  }

  /** The server is closing: every compile is stopped, and what the compiler prepared goes. */
  close(): Promise<void> {
    this.#queue.close();
    return this.#options.compiler.close();
  }

  /** Once a day per instance, what nobody ran for CACHE_DAYS goes. */
  #pruneNowAndThen() {
    const now = Date.now();
    if (now - this.#lastPrune < DAY_MS) return;
    this.#lastPrune = now;
    this.#options.cache
      .prune(new Date(now - CACHE_DAYS * DAY_MS))
      .catch((error: unknown) => this.#options.log.warn({ err: error }, 'pruning compiled sketches failed'));
  }
}
