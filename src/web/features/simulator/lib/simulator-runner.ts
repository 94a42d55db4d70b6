import type { ClockSymbols } from '#device/simulator/board.ts';
import type { Control, PartView } from '#device/simulator/parts/part.ts';
import { FRAME_INTERVAL_MS, nextStep, Pacer, SpeedMeter, TURN_BUDGET_MS } from './pacing.ts';
import type { ControlEntry, SimulatorCommand, SimulatorProgram, WorkerMessage } from './protocol.ts';

/*
 * The simulator's worker side, apart from the worker's globals so a unit test can drive it with
 * a real Simulation and a fake clock: it loads the program, runs it paced to real time in short
 * turns (yielding between them so a command is never kept waiting), and reports frames.
 */

/** What the runner needs of a Simulation (src/device/simulator/simulation.ts). */
export interface RunnableSimulation {
  run(ms: number): void;
  fastForward(ms: number): void;
  set(partId: string, key: string, value: number): void;
  views(): Record<string, PartView>;
  controls(): readonly { readonly partId: string; readonly control: Control }[];
  onSerial(listener: (text: string) => void): void;
  sendLine(text: string): void;
  readonly millis: number;
  readonly board: { readonly baudRate: number };
}

export interface RunnerHost {
  now(): number;
  post(message: WorkerMessage): void;
  /** Runs `task` after the messages already waiting (a MessageChannel in the worker). */
  soon(task: () => void): void;
  /** Runs `task` in `ms` (setTimeout); returns what cancels it. */
  later(task: () => void, ms: number): () => void;
  fetchProgram(url: string): Promise<string>;
  /** `clock`: where the program keeps the core's clock; the tutorial's record says so when not given. */
  createSimulation(slug: string, hex: string, startTime: Date, clock?: ClockSymbols): RunnableSimulation;
}

interface Program {
  readonly slug: string;
  readonly hex: string;
  readonly clock: ClockSymbols | undefined;
  readonly startTime: Date;
}

export class SimulatorRunner {
  private readonly host: RunnerHost;
  private program: Program | null = null;
  private loading = false;
  private sim: RunnableSimulation | null = null;
  private running = false;
  /** Simulated milliseconds run (skips not included): what the pacer compares with the wall clock. */
  private ranMs = 0;
  /** Wall milliseconds spent inside `run`. */
  private busyMs = 0;
  private serial = '';
  private lastFrame = Number.NEGATIVE_INFINITY;
  private readonly pacer = new Pacer();
  private readonly meter = new SpeedMeter();
  /** The learner's inputs, applied again to a fresh board after a reset. */
  private readonly inputs = new Map<string, { partId: string; key: string; value: number }>();
  /** Each scheduled turn carries the generation it was scheduled in; a pause or reset makes it stale. */
  private generation = 0;
  private cancelSleep: (() => void) | null = null;

  constructor(host: RunnerHost) {
    this.host = host;
  }

  handle(command: SimulatorCommand): void {
    switch (command.type) {
      case 'start':
        void this.start(command.slug, command.program, new Date(command.startTime));
        return;
      case 'pause':
        this.setRunning(false);
        return;
      case 'resume':
        this.setRunning(true);
        return;
      case 'reset':
        this.reset();
        return;
      case 'set':
        this.apply(() => {
          this.sim?.set(command.partId, command.key, command.value);
          this.inputs.set(`${command.partId}\u0000${command.key}`, command);
        });
        return;
      case 'send':
        this.apply(() => this.sim?.sendLine(command.line));
        return;
      case 'skip':
        this.apply(() => this.sim?.fastForward(command.ms));
        this.meter.clear();
        this.frame();
        return;
    }
  }

  private async start(slug: string, source: SimulatorProgram, startTime: Date): Promise<void> {
    if (this.loading || this.program) return;
    if ('hex' in source) {
      this.program = { slug, hex: source.hex, clock: source.clock, startTime };
      if (this.boot()) this.setRunning(true);
      return;
    }
    this.loading = true;
    let hex: string;
    try {
      hex = await this.host.fetchProgram(source.hexUrl);
    } catch (error) {
      this.loading = false;
      this.host.post({ type: 'error', reason: 'load', message: messageOf(error) });
      return;
    }
    this.loading = false;
    this.program = { slug, hex, clock: undefined, startTime };
    if (this.boot()) this.setRunning(true);
  }

  /** A fresh board with the program and the learner's inputs; false when it could not be made. */
  private boot(): boolean {
    const { program } = this;
    if (!program) return false;
    try {
      const sim = this.host.createSimulation(program.slug, program.hex, program.startTime, program.clock);
      sim.onSerial((text) => {
        if (sim === this.sim) this.serial += text;
      });
      for (const { partId, key, value } of this.inputs.values()) sim.set(partId, key, value);
      this.sim = sim;
    } catch (error) {
      this.fail(error);
      return false;
    }
    this.ranMs = 0;
    this.busyMs = 0;
    this.serial = '';
    this.meter.clear();
    const controls: ControlEntry[] = this.sim.controls().map(({ partId, control }) => ({ partId, control }));
    this.host.post({ type: 'ready', controls });
    return true;
  }

  private reset(): void {
    if (!this.program || !this.sim) return;
    this.stopTurns();
    this.host.post({ type: 'restarted' });
    if (this.boot()) this.setRunning(true, true);
  }

  private setRunning(running: boolean, force = false): void {
    if (!this.sim || (running === this.running && !force)) return;
    this.running = running;
    this.stopTurns();
    this.meter.clear();
    if (running) {
      this.pacer.start(this.host.now(), this.ranMs);
      this.schedule();
    }
    this.frame();
  }

  private stopTurns(): void {
    this.generation++;
    this.cancelSleep?.();
    this.cancelSleep = null;
  }

  private schedule(sleepMs?: number): void {
    const generation = this.generation;
    const turn = () => {
      if (generation === this.generation) this.turn();
    };
    if (sleepMs === undefined) this.host.soon(turn);
    else this.cancelSleep = this.host.later(turn, sleepMs);
  }

  /** Runs slices until real time is caught up or the turn's budget is spent, then schedules the next turn. */
  private turn(): void {
    const { sim, host } = this;
    if (!sim || !this.running) return;
    this.cancelSleep = null;
    const turnStart = host.now();
    for (;;) {
      const now = host.now();
      const step = nextStep(this.pacer.owed(now, this.ranMs));
      if ('sleep' in step) {
        this.maybeFrame(now);
        this.schedule(step.sleep);
        return;
      }
      try {
        sim.run(step.run);
      } catch (error) {
        this.fail(error);
        return;
      }
      const after = host.now();
      this.ranMs += step.run;
      this.busyMs += after - now;
      this.meter.record(after, this.ranMs, this.busyMs);
      this.maybeFrame(after);
      if (after - turnStart >= TURN_BUDGET_MS) {
        this.schedule();
        return;
      }
    }
  }

  private maybeFrame(now: number): void {
    if (now - this.lastFrame >= FRAME_INTERVAL_MS) this.frame(now);
  }

  private frame(now = this.host.now()): void {
    const { sim } = this;
    if (!sim) return;
    this.lastFrame = now;
    const serial = this.serial;
    this.serial = '';
    this.host.post({
      type: 'frame',
      running: this.running,
      millis: sim.millis,
      speed: this.running ? this.meter.speed() : null,
      capacity: this.meter.capacity(),
      views: sim.views(),
      serial,
      baudRate: sim.board.baudRate,
    });
  }

  /** A learner's command on the running board; one the board refuses (an unknown part) changes nothing. */
  private apply(change: () => void): void {
    try {
      change();
    } catch {
      // The page only offers the controls the board listed; anything else is ignored.
    }
  }

  private fail(error: unknown): void {
    this.running = false;
    this.stopTurns();
    this.host.post({ type: 'error', reason: 'run', message: messageOf(error) });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
