import type { Simulation } from '#device/simulator/simulation.ts';

/*
 * Small steps the tutorials' scenarios take on a running simulation: run until something is seen,
 * so a scenario waits exactly as long as the sketch needs (the simulator is slower than a board).
 */

/** Runs the simulation in `stepMs` slices until `done()` holds; fails after `limitMs` of simulated time. */
export function runUntil(sim: Simulation, done: () => boolean, what: string, limitMs = 3_000, stepMs = 5): void {
  for (let ran = 0; !done(); ran += stepMs) {
    if (ran >= limitMs) throw new Error(`Not within ${limitMs} ms of simulated time: ${what}`);
    sim.run(stepMs);
  }
}

/** The LCD's two rows now (the part with id 'lcd'). */
export function lcdLines(sim: Simulation): readonly string[] {
  const view = sim.view('lcd');
  if (view.kind !== 'lcd') throw new Error('lcd is not an LCD');
  return view.lines.map((line) => line.trimEnd());
}

/** Runs until the sketch has printed one more line on the serial monitor; returns it. */
export function nextSerialLine(sim: Simulation, limitMs = 3_000): string {
  const lines = () => sim.serial.split('\r\n');
  const before = lines().length;
  runUntil(sim, () => lines().length > before, 'a new serial line', limitMs);
  return lines().at(-2) ?? '';
}

/** How bright an LED is now (0–1, measured over the last few milliseconds). */
export function ledBrightness(sim: Simulation, partId: string): number {
  const view = sim.view(partId);
  if (view.kind !== 'led') throw new Error(`${partId} is not an LED`);
  return view.brightness;
}
