import type { Reporter, TestModule } from 'vitest/node';
import { SKIPPED_NEEDING } from './needs.ts';
import { testSettings } from './settings.ts';

/**
 * Names, at the end of a run, every test skipped for what the run lacked (describeNeeding), and
 * fails the run when REQUIRE_EVERY_SUITE=1 (CI, which has PostgreSQL, Redis and root).
 */
export default class SkippedReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped = testModules.flatMap((module) =>
      [...module.children.allTests('skipped')]
        .map((test) => test.fullName)
        .filter((name) => name.includes(SKIPPED_NEEDING)),
    );
    if (skipped.length === 0) return;
    const list = skipped.map((name) => `  - ${name}`).join('\n');
    if (testSettings.requireEverySuite) {
      console.error(
        `\n${skipped.length} tests skipped for what this run lacks, where every suite must run:\n${list}\n`,
      );
      process.exitCode = 1;
    } else {
      console.warn(`\n${skipped.length} tests skipped for what this run lacks:\n${list}\n`);
    }
  }
}
