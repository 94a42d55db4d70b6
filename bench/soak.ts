/**
 * `npm run soak` (the reliability part): the long forms of the suites in tests/reliability.
 * - Load: the built server on SQLite with 1,000 seeded members and 1,000 open live-feed streams;
 *   the mixed workload steps up through RATE_STEPS and the highest step with no error and p99
 *   under 500 ms is then held to check that memory stays flat.
 * - Crash durability: 100 SIGKILLs per database under write load (PostgreSQL too when
 *   TEST_DATABASE_URL is set), every acknowledged write checked in the database afterwards, and
 *   how long the kills took (which the suite does not assert).
 * - Realtime faults: the time from a profile change to a stream once killed LISTEN connections are back
 *   (PostgreSQL only), which the suite does not assert.
 * Writes its section of bench/RESULTS.md and exits non-zero when a check fails.
 * FUZZ_SEED replays a run's seed.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import os from 'node:os';
import { type CrashDurabilityReport, crashDurabilityPlan, runCrashDurability } from '#test/crash-durability.ts';
import { percentile, rssMb } from '#test/measurements.ts';
import {
  LOAD_MIX,
  type LoadTarget,
  type MixedLoadResult,
  RSS_GROWTH_BOUND_MB,
  rssHalves,
  runMixedLoad,
  startLoadTarget,
} from '#test/mixed-load.ts';
import { runPostgresRestart } from '#test/postgres-restart.ts';
import { timesToDeliveryAfterRelisten } from '#test/realtime-faults.ts';
import { ROOT } from '#test/repository-root.ts';
import { testSettings } from '#test/settings.ts';
import { fuzzSeed } from '#test/soak.ts';
import { writeResultsSection } from './results-file.ts';

const RATE_STEPS = [100, 200, 400, 600, 800];
const STEP_MS = 10_000;
const HOLD_MS = 20_000;
const STREAMS = 1000;
const P99_LIMIT_MS = 500;
/**
 * Members signed in once at the start; the load reuses their tokens. From one address the server
 * allows 30 sign-ups and 150 token calls per 5 minutes, and every request here comes from 127.0.0.1.
 */
const SIGNED_IN_MEMBERS = 20;
const SIGN_INS_PER_SECOND = 1;
const TOKEN_CALL_LIMIT = 150;

const log = (message: string) => console.warn(`[soak] ${message}`);
const seed = fuzzSeed() ?? randomInt(2 ** 31);
const problems: string[] = [];

log('building the production site');
execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

interface Step {
  readonly result: MixedLoadResult;
  readonly streamFailures: number;
  readonly passed: boolean;
}

async function stepUp(target: LoadTarget): Promise<Step[]> {
  const steps: Step[] = [];
  for (const rate of RATE_STEPS) {
    log(`load: ${rate} req/s for ${STEP_MS / 1000} s`);
    const failuresBefore = target.streams.failures.length;
    const result = await runMixedLoad({
      baseUrl: target.instance.baseUrl,
      pid: target.instance.pid,
      members: target.members,
      rate,
      durationMs: STEP_MS,
      signInsPerSecond: SIGN_INS_PER_SECOND,
      seed: seed + rate,
    });
    const streamFailures = target.streams.failures.length - failuresBefore;
    const passed = result.errors === 0 && streamFailures === 0 && result.p99Ms < P99_LIMIT_MS;
    steps.push({ result, streamFailures, passed });
    if (!passed) break;
  }
  return steps;
}

log(`load: seeding 1,000 members, signing in ${SIGNED_IN_MEMBERS}, opening ${STREAMS} live-feed streams`);
const target = await startLoadTarget({ seededMembers: 1000, signedInMembers: SIGNED_IN_MEMBERS, streams: STREAMS });
let steps: Step[];
let hold: MixedLoadResult;
let holdStreamFailures: number;
let endRssMb: number;
try {
  steps = await stepUp(target);
  const best = steps.findLast((step) => step.passed)?.result.rate;
  if (best === undefined) problems.push(`load: even ${RATE_STEPS[0]} req/s had errors or p99 over ${P99_LIMIT_MS} ms`);
  const holdRate = best ?? RATE_STEPS[0] ?? 100;
  log(`load: holding ${holdRate} req/s for ${HOLD_MS / 1000} s`);
  const failuresBefore = target.streams.failures.length;
  hold = await runMixedLoad({
    baseUrl: target.instance.baseUrl,
    pid: target.instance.pid,
    members: target.members,
    rate: holdRate,
    durationMs: HOLD_MS,
    signInsPerSecond: SIGN_INS_PER_SECOND,
    seed,
  });
  holdStreamFailures = target.streams.failures.length - failuresBefore;
  endRssMb = await rssMb(target.instance.pid);
} finally {
  await target.close();
}

const [holdFirstHalf, holdSecondHalf] = rssHalves(hold.rss, HOLD_MS);
if (hold.errors > 0) problems.push(`load: ${hold.errors} errors while holding ${hold.rate} req/s`);
if (holdStreamFailures > 0) problems.push(`load: ${holdStreamFailures} streams failed while holding`);
if (holdSecondHalf - holdFirstHalf > RSS_GROWTH_BOUND_MB) {
  problems.push(`load: RSS grew ${(holdSecondHalf - holdFirstHalf).toFixed(0)} MB while holding`);
}
const seconds = (STEP_MS * steps.length + HOLD_MS) / 1000;
const tokenCalls = SIGNED_IN_MEMBERS + Math.ceil(seconds * SIGN_INS_PER_SECOND);
if (tokenCalls > TOKEN_CALL_LIMIT) problems.push(`load: ${tokenCalls} token calls exceed the limit`);

const kinds = testSettings.databases;
const crashPlan = crashDurabilityPlan('sqlite', 'long', seed);
log(`crash durability: ${crashPlan.kills} kills on ${kinds.join(' and ')}, at the same time`);
const crashes: CrashDurabilityReport[] = await Promise.all(
  kinds.map((kind) => runCrashDurability({ ...crashDurabilityPlan(kind, 'long', seed), log })),
);
for (const report of crashes) problems.push(...report.problems.map((problem) => `crash (${report.kind}): ${problem}`));

// PostgreSQL restarts under two instances (the short form runs in npm test): a throwaway cluster the run owns.
const restartPlan = { writesBefore: 200, writesAfter: 200, outageMs: 10_000, restarts: 3, streamsPerInstance: 50 };
log(`postgres restart: ${restartPlan.restarts} restarts of ${restartPlan.outageMs / 1000} s under two instances`);
const restart = await runPostgresRestart(restartPlan);
if (restart.crashes > 0) problems.push(`postgres restart: ${restart.crashes} instance crashes`);
problems.push(...restart.badOutageAnswers.slice(0, 5).map((answer) => `postgres restart: outage answer ${answer}`));
problems.push(...restart.streamProblems.map((problem) => `postgres restart: ${problem}`));
if (restart.healthDuringOutage.some((status) => status !== 503))
  problems.push('postgres restart: health said ok while down');

// Realtime faults: the suite checks that a change arrives once both instances LISTEN again; here, how soon.
const RELISTEN_RUNS = 20;
const RELISTEN_LIMIT_MS = 4000;
let relistenMs: number[] = [];
if (testSettings.databaseUrl) {
  log(`realtime faults: LISTEN connections killed ${RELISTEN_RUNS} times, time until the next change arrives`);
  relistenMs = await timesToDeliveryAfterRelisten(testSettings.databaseUrl, RELISTEN_RUNS);
  const slowest = Math.max(...relistenMs);
  if (slowest >= RELISTEN_LIMIT_MS) {
    problems.push(
      `realtime faults: a change took ${Math.round(slowest)} ms after LISTEN was back (limit ${RELISTEN_LIMIT_MS} ms)`,
    );
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const mb = (value: number) => `${value.toFixed(0)} MB`;
const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

const stepTable = [
  row(['offered req/s', 'answered req/s', 'errors', 'p99', 'streams lost', 'server CPU', 'generator CPU', 'verdict']),
  row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']),
  ...steps.map(({ result, streamFailures, passed }) =>
    row([
      result.rate,
      result.answeredPerSecond.toFixed(0),
      result.errors,
      ms(result.p99Ms),
      streamFailures,
      `${((result.serverCpuSeconds / STEP_MS) * 1000 * 100).toFixed(0)} %`,
      `${((result.generatorCpuSeconds / STEP_MS) * 1000 * 100).toFixed(0)} %`,
      passed ? 'held' : '**not held**',
    ]),
  ),
].join('\n');

const endpointTable = [
  row(['endpoint', 'requests', 'errors', 'p50', 'p99']),
  row(['---', '---:', '---:', '---:', '---:']),
  ...hold.endpoints.map((figures) =>
    row([`\`${figures.endpoint}\``, figures.requests, figures.errors, ms(figures.p50Ms), ms(figures.p99Ms)]),
  ),
].join('\n');

const crashTable = [
  row([
    'database',
    'kills survived (during start)',
    'acknowledged writes checked',
    'cut-off writes',
    'keys checked',
    'problems',
    'time',
  ]),
  row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  ...crashes.map((report) =>
    row([
      report.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      `${report.kills} (${report.killsDuringStart})`,
      report.acknowledgedWrites,
      report.cutOffWrites,
      report.keysChecked,
      report.problems.length,
      `${(report.durationMs / 1000).toFixed(0)} s`,
    ]),
  ),
].join('\n');

const mix = LOAD_MIX.map((entry) => `${entry.weight} % ${entry.action.replace('-', ' ')}`).join(', ');
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
const markdown = `## Reliability (\`npm run soak\`)

Written by \`npm run soak\` (\`node bench/soak.ts\`, seed ${seed}: \`FUZZ_SEED=${seed}\` replays the plan) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}. Server and load generator share it, on loopback; the short forms of both suites run in \`npm test\` (tests/reliability).
${problems.length === 0 ? 'All checks passed.' : `**${problems.length} problems:**\n\n${problems.map((problem) => `- ${problem}`).join('\n')}`}

### Load

The built server on SQLite with 1,000 seeded members and ${STREAMS.toLocaleString('en')} live-feed streams open throughout.
Mix: ${mix}, sent on schedule (open loop); plus ${SIGN_INS_PER_SECOND} password sign-in per second (argon2, m = 19 MiB).
${SIGNED_IN_MEMBERS} members signed up and signed in once at the start and their tokens are reused: from one address the
server allows 30 sign-ups and ${TOKEN_CALL_LIMIT} token calls per 5 minutes, and all of this comes from 127.0.0.1 (this run: ${tokenCalls} token calls).
Each step runs ${STEP_MS / 1000} s; a step is held with 0 errors (non-2xx, network errors, 5 s timeouts), no stream lost and p99 under ${P99_LIMIT_MS} ms.
CPU is the share of one core.

${stepTable}

**Highest rate held: ${steps.findLast((step) => step.passed)?.result.rate ?? 'none'} req/s.** Held again for ${HOLD_MS / 1000} s (${hold.answeredPerSecond.toFixed(0)} answered/s, ${hold.errors} errors, ${holdStreamFailures} streams lost):

${endpointTable}

Memory (server RSS): ${mb(target.idleRssMb)} with the streams open before any load; hold first half peak ${mb(holdFirstHalf)}, second half peak
${mb(holdSecondHalf)} (bound: +${RSS_GROWTH_BOUND_MB} MB, ${holdSecondHalf - holdFirstHalf <= RSS_GROWTH_BOUND_MB ? 'flat' : '**grew**'}); ${mb(endRssMb)} at the end.

### Crash durability

Writers (${crashPlan.writers} per database, one member each, one request at a time) edit profiles and toggle bookmarks while the server is
killed with SIGKILL ${crashPlan.kills} times, ${crashPlan.killAfterMs.join('–')} ms after each restart answers (${crashPlan.killDuringStartShare * 100} % of restarts are killed again while starting),
then the database is read directly: every acknowledged write (2xx) is there unless a later write may have replaced it,
username and bio of each profile come from the same edit, each edit has its \`profile_changes\` row, change ids grow with
time, bookmarks stay unique and no profile lacks its user. "time" is measured here only: the suite's short form
(${crashDurabilityPlan('sqlite', 'short', seed).kills} kills per database in \`npm test\`) runs its kills at any speed and asserts no time.

${crashTable}

### PostgreSQL restarts

Two instances of the built server on a throwaway PostgreSQL cluster, ${restartPlan.streamsPerInstance} live-feed streams on each, a writer editing
profiles through both; the cluster is stopped for ${restartPlan.outageMs / 1000} s and started again, ${restartPlan.restarts} times, with ${restartPlan.writesBefore} acknowledged
edits before and ${restartPlan.writesAfter} after each restart.

| acknowledged edits | refused during outages (503 \`database_unavailable\`) | other outage answers | slowest outage answer | health while down | changes committed | stream problems | crashes |
| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |
| ${restart.acknowledged} | ${restart.refusedDuringOutage} | ${restart.badOutageAnswers.length} | ${ms(restart.slowestOutageAnswerMs)} | ${[...new Set(restart.healthDuringOutage)].join(', ')} | ${restart.committedChanges} | ${restart.streamProblems.length} | ${restart.crashes} |

Every committed change reached every stream exactly once and in order when "stream problems" is 0.

### Realtime faults

${
  relistenMs.length === 0
    ? 'Skipped: TEST_DATABASE_URL is not set.'
    : `A writer and a reader instance in one process on PostgreSQL; the LISTEN connections killed ${relistenMs.length} times. Once both
listen again, a profile change reaches the reader's stream in ${ms(percentile(relistenMs, 50))} (median), ${ms(Math.max(...relistenMs))} at most
(limit ${RELISTEN_LIMIT_MS} ms: the 5 s safety poll alone would miss it).`
}
`;

process.stdout.write(`${markdown}\n`);
writeResultsSection('reliability', markdown);
log('wrote bench/RESULTS.md');
if (problems.length > 0) process.exitCode = 1;
