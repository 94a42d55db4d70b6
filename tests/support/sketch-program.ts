import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findTutorial } from '#shared/content/tutorials.ts';
import { Simulation, type SimulationOptions } from '#shared/simulator/simulation.ts';

const SKETCHES = path.resolve(import.meta.dirname, '../../src/shared/content/sketches');

// PROVISIONAL until the hex record lands: clock addresses from /tmp/clock.json.
const CLOCKS = JSON.parse(readFileSync('/tmp/clock.json', 'utf8')) as Record<
  string,
  { millis: number; overflowCount: number }
>;

/** A tutorial's committed program on a fresh simulated board with all its parts. */
export function simulate(slug: string, options?: SimulationOptions): Simulation {
  const tutorial = findTutorial(slug);
  const clock = CLOCKS[slug];
  if (!tutorial || !clock) throw new Error(`No tutorial ${slug}`);
  return new Simulation(tutorial, readFileSync(path.join(SKETCHES, `${slug}.hex`), 'utf8'), clock, options);
}
