/**
 * The security and reliability suites have two lengths: a short form that `npm test` runs on every
 * change and a long form, selected by `SOAK=1` (`npm run soak`), that runs many more cases.
 */
import { testSettings } from './settings.ts';

/** How many runs (requests, cases) a suite makes: `short` in `npm test`, `soak` under `SOAK=1`. */
export function runCount(short: number, soak: number): number {
  return testSettings.soak ? soak : short;
}

/**
 * The fast-check seed. The short form always replays the same cases, so `npm test` is
 * deterministic; the soak draws new ones each time. `FUZZ_SEED` replays the seed a failure printed.
 */
export function fuzzSeed(): number | undefined {
  if (testSettings.fuzzSeed !== undefined) return testSettings.fuzzSeed;
  return testSettings.soak ? undefined : 20_260_517;
}

/** A test's time limit, scaled for the long form. */
export function timeLimitMs(shortMs: number): number {
  return testSettings.soak ? shortMs * 40 : shortMs;
}
