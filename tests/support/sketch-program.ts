import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clockOf } from '#device/simulator/clock.ts';
import { Simulation, type SimulationOptions } from '#device/simulator/simulation.ts';
import { sketchBuildOf } from '#shared/content/hex-record.ts';
import { findTutorial } from '#shared/content/tutorials.ts';

const SKETCHES = path.resolve(import.meta.dirname, '../../src/shared/content/sketches');

/** A tutorial's committed program (`sketches/<slug>.hex`) on a fresh simulated board with all its parts. */
export function simulate(slug: string, options?: SimulationOptions): Simulation {
  const tutorial = findTutorial(slug);
  if (!tutorial) throw new Error(`No tutorial ${slug}`);
  const hex = readFileSync(path.join(SKETCHES, `${slug}.hex`), 'utf8');
  return new Simulation(tutorial, hex, clockOf(sketchBuildOf(slug)), options);
}
