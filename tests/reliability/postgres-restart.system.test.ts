import { expect, it } from 'vitest';
import { describeNeeding } from '#test/needs.ts';
import { runPostgresRestart } from '#test/postgres-restart.ts';

// Runs with the PostgreSQL suites (TEST_DATABASE_URL set), on a throwaway cluster the test owns.
describeNeeding(['TEST_DATABASE_URL'], 'a PostgreSQL restart under two instances', () => {
  it('answers 503 during the outage, recovers alone, and every change reaches every stream once, in order', async () => {
    const report = await runPostgresRestart({
      writesBefore: 20,
      writesAfter: 20,
      outageMs: 3_000,
      restarts: 1,
      streamsPerInstance: 2,
    });
    expect(report.crashes).toBe(0);
    expect(report.badOutageAnswers).toEqual([]);
    expect(report.refusedDuringOutage).toBeGreaterThan(0);
    // While the database is down, health says so: 503 on both instances, and nothing hangs.
    expect(new Set(report.healthDuringOutage)).toEqual(new Set([503]));
    expect(report.healthAfter).toEqual([200, 200]);
    expect(report.acknowledged).toBe(40);
    expect(report.committedChanges).toBeGreaterThanOrEqual(2 + 40);
    expect(report.streamProblems).toEqual([]);
  }, 120_000);
});
