/*
 * Keeping the simulated board at real time. The worker runs the program a slice at a time and asks
 * the pacer how much simulated time it owes the wall clock; ahead of it, it sleeps, behind it, it
 * runs more, and when it cannot keep up it gives up the time it lost rather than racing to make it
 * up (a sketch would otherwise see a burst of fast time after every stall).
 */

/** Simulated milliseconds run between looks at the clock. */
export const SLICE_MS = 4;
/** Wall milliseconds the worker may run the simulation before it lets its messages in. */
export const TURN_BUDGET_MS = 12;
/** Behind real time by more than this, the simulation lets the time go. */
export const MAX_LAG_MS = 200;
/** About 30 frames a second to the page. */
export const FRAME_INTERVAL_MS = 1000 / 30;
/** The speed shown is measured over this much wall time. */
export const SPEED_WINDOW_MS = 1000;

export class Pacer {
  private wallAnchor = 0;
  private simAnchor = 0;

  /** Real time starts now, at `simMs` of run simulated time (after power-on, a resume or a stall). */
  start(wallNow: number, simMs: number): void {
    this.wallAnchor = wallNow;
    this.simAnchor = simMs;
  }

  /**
   * Simulated milliseconds owed to real time at `wallNow`, having run `simMs`: negative when
   * ahead. More than MAX_LAG_MS behind, the anchor moves so that only MAX_LAG_MS is owed.
   */
  owed(wallNow: number, simMs: number): number {
    const owed = wallNow - this.wallAnchor - (simMs - this.simAnchor);
    if (owed <= MAX_LAG_MS) return owed;
    this.start(wallNow - MAX_LAG_MS, simMs);
    return MAX_LAG_MS;
  }
}

/** What the worker does next, given how much simulated time it owes. */
export function nextStep(owed: number): { readonly run: number } | { readonly sleep: number } {
  return owed >= SLICE_MS ? { run: SLICE_MS } : { sleep: Math.max(1, Math.ceil(SLICE_MS - owed)) };
}

interface Sample {
  readonly wall: number;
  readonly sim: number;
  /** Wall time spent inside the simulation so far. */
  readonly busy: number;
}

/**
 * The speed achieved (simulated time per wall time) and the capacity (simulated time per wall time
 * spent simulating: how fast it could go) over the last SPEED_WINDOW_MS.
 */
export class SpeedMeter {
  private samples: Sample[] = [];

  record(wall: number, sim: number, busy: number): void {
    this.samples.push({ wall, sim, busy });
    while (this.samples.length > 2 && wall - (this.samples[1]?.wall ?? wall) >= SPEED_WINDOW_MS) this.samples.shift();
  }

  /** Forget the past: after a pause, a reset or a skip. */
  clear(): void {
    this.samples = [];
  }

  private span(): { wall: number; sim: number; busy: number } | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.wall - first.wall < SPEED_WINDOW_MS / 4) return null;
    return { wall: last.wall - first.wall, sim: last.sim - first.sim, busy: last.busy - first.busy };
  }

  speed(): number | null {
    const span = this.span();
    return span ? span.sim / span.wall : null;
  }

  capacity(): number | null {
    const span = this.span();
    return span && span.busy > 0 ? span.sim / span.busy : null;
  }
}
