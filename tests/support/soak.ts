/**
 * The security suites have two lengths: a short form that `npm test` runs on every change and a
 * long form, selected by `SOAK=1` (`npm run soak`), that runs many more cases.
 */
export const SOAK = process.env.SOAK === '1';

/** How many runs (requests, cases) a suite makes: `short` in `npm test`, `soak` under `SOAK=1`. */
export function runCount(short: number, soak: number): number {
  return SOAK ? soak : short;
}

/**
 * The fast-check seed. The short form always replays the same cases, so `npm test` is
 * deterministic; the soak draws new ones each time. `FUZZ_SEED` replays the seed a failure printed.
 */
export function fuzzSeed(): number | undefined {
  const replay = process.env.FUZZ_SEED;
  if (replay !== undefined && /^-?\d+$/.test(replay)) return Number(replay);
  return SOAK ? undefined : 20_260_517;
}

/** A test's time limit, scaled for the long form. */
export function timeLimitMs(shortMs: number): number {
  return SOAK ? shortMs * 40 : shortMs;
}
