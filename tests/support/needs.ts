import { describe, it } from 'vitest';
import { testSettings } from './settings.ts';

/** What a suite may need that a run can lack: a PostgreSQL or Redis to test against, or root (the compile sandbox's own uids). */
export type Need = 'TEST_DATABASE_URL' | 'TEST_REDIS_URL' | 'root';

const MET: Record<Need, boolean> = {
  TEST_DATABASE_URL: testSettings.databaseUrl !== null,
  TEST_REDIS_URL: testSettings.redisUrl !== null,
  root: process.getuid?.() === 0,
};

/** Marks the name of a suite skipped for what the run lacks: tests/support/skipped-reporter.ts lists them. */
export const SKIPPED_NEEDING = ' (skipped: needs ';

function named(name: string, needs: readonly Need[]): { name: string; run: boolean } {
  const missing = needs.filter((need) => !MET[need]);
  return missing.length === 0
    ? { name, run: true }
    : { name: `${name}${SKIPPED_NEEDING}${missing.join(' and ')})`, run: false };
}

/**
 * A suite that runs only where the run has what it needs; skipped otherwise, never silently: its
 * name then says what it needs, the run's summary lists it, and CI (REQUIRE_EVERY_SUITE=1) fails.
 */
export function describeNeeding(needs: readonly Need[], name: string, body: () => void): void {
  const suite = named(name, needs);
  (suite.run ? describe : describe.skip)(suite.name, body);
}

/** One test that runs only where the run has what it needs (see describeNeeding). */
export function itNeeding(needs: readonly Need[], name: string, body: () => Promise<void>, timeout?: number): void {
  const test = named(name, needs);
  (test.run ? it : it.skip)(test.name, body, timeout);
}
