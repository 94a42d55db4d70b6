import { describe, expect, it } from 'vitest';
import { crashDurabilityPlan, runCrashDurability } from '#test/crash-durability.ts';
import { testSettings } from '#test/settings.ts';
import { fuzzSeed } from '#test/soak.ts';

/**
 * Suite 4, crash durability: SIGKILL at seeded random moments while writers edit profiles and
 * toggle bookmarks (20 kills per database here, 100 in `npm run soak`). Both databases run at
 * once to keep `npm test` short. The run is a fixed number of kills at any speed: how long it takes
 * is measured by `npm run soak` (bench/RESULTS.md), not asserted here. The timeout only ends a hung
 * run, far above the ~35 s it takes on a busy 2-core machine.
 */
describe('crash durability: SIGKILL under write load', () => {
  it.concurrent.each(testSettings.databases)(
    'on %s, every acknowledged write survives and nothing is half-written',
    async (kind) => {
      const plan = crashDurabilityPlan(kind, testSettings.soak ? 'long' : 'short', fuzzSeed() ?? Date.now() % 2 ** 31);
      const report = await runCrashDurability(plan);

      expect(report.problems, `replay with FUZZ_SEED=${report.seed}`).toEqual([]);
      // Writes must really have been acknowledged between the kills, and some cut off by them,
      // or the check proves nothing.
      expect(report.acknowledgedWrites).toBeGreaterThan(plan.kills * plan.writers);
      expect(report.cutOffWrites).toBeGreaterThan(0);
    },
    testSettings.soak ? 3_600_000 : 600_000,
  );
});
