/**
 * `node bench/load-ceiling.ts`: where the server's time goes under the soak's mixed load, and the
 * highest rate it holds, for two builds of the server side by side in one run.
 *
 * - Profile: one run of each build under the mixed load at --profile-rate req/s (800) with
 *   `node --cpu-prof`; prints the functions with the most self time, and the packages.
 * - Ceiling: the load steps --rates (600,800,1000) of `npm run soak`, --step-ms each (10 s), on
 *   each build in turn (--before, then --after, --rounds times), same seed. A step is held with
 *   no error, no stream lost and p99 under 500 ms (as in bench/soak.ts).
 *
 * --before: a copy of an earlier `build/server-app` (e.g. built from the commit before a change);
 * --only-after measures the current build alone; --no-profile skips the profiles; --no-write
 * prints only (by default it writes the `load-ceiling` section of bench/RESULTS.md).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runMixedLoad, startLoadTarget } from '#test/mixed-load.ts';
import { writeResultsSection } from './results-file.ts';

const { values: args } = parseArgs({
  options: {
    rates: { type: 'string', default: '600,800,1000' },
    'step-ms': { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '1' },
    'profile-rate': { type: 'string', default: '800' },
    before: { type: 'string', default: 'build/server-before/server.js' },
    after: { type: 'string', default: 'build/server-app/server.js' },
    'only-after': { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const RATES = args.rates.split(',').map(Number);
const STEP_MS = Number(args['step-ms']);
const ROUNDS = Number(args.rounds);
const PROFILE_RATE = Number(args['profile-rate']);
const P99_LIMIT_MS = 500;
const STREAMS = 1000;
const SEED = 20260517;
const BEFORE_SCRIPT = args.before;
const AFTER_SCRIPT = args.after;
const log = (message: string) => console.warn(`[load-ceiling] ${message}`);

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly functions: { name: string; where: string; ms: number; share: number }[];
  readonly packages: { name: string; ms: number; share: number }[];
}

/** Where a frame's code lives: a package, Node's internals, the app's own code, or the VM. */
function packageOf(url: string): string {
  if (url === '') return '(VM: GC, native, idle)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  return 'server (build/server-app/server.js)';
}

/** Self time per function and per package, from a `.cpuprofile` (V8's sampling profile). */
export function summariseCpuProfile(profile: CpuProfile, top = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const functions = new Map<string, { name: string; where: string; us: number }>();
  const packages = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url.replace(/^file:\/\/.*\/(node_modules\/|build\/)/, '$1');
    const where = frame.url ? `${file}:${frame.lineNumber + 1}` : '';
    const name = frame.functionName || '(anonymous)';
    const key = `${name} ${where}`;
    const entry = functions.get(key) ?? { name, where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    const pkg = packageOf(frame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const share = (us: number) => us / total;
  return {
    totalMs: total / 1000,
    functions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: share(f.us) })),
    packages: [...packages.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: share(us) })),
  };
}

interface StepResult {
  readonly script: string;
  readonly rate: number;
  readonly answered: number;
  readonly errors: number;
  readonly p50PeopleMs: number;
  readonly p99Ms: number;
  readonly streamsLost: number;
  readonly serverCpu: number;
  /** Server CPU per answered request: robust to a busy machine, where the held rate is not. */
  readonly cpuMsPerRequest: number;
  readonly generatorCpu: number;
  readonly held: boolean;
}

async function steps(script: string, rates: readonly number[], durationMs: number): Promise<StepResult[]> {
  const target = await startLoadTarget({
    seededMembers: 1000,
    signedInMembers: 20,
    streams: STREAMS,
    serverScript: script,
  });
  const results: StepResult[] = [];
  try {
    for (const rate of rates) {
      const lostBefore = target.streams.failures.length;
      const result = await runMixedLoad({
        baseUrl: target.instance.baseUrl,
        pid: target.instance.pid,
        members: target.members,
        rate,
        durationMs,
        signInsPerSecond: 1,
        seed: SEED + rate,
      });
      const streamsLost = target.streams.failures.length - lostBefore;
      if (result.errors > 0) log(`errors, first ones: ${result.errorSamples.slice(0, 4).join(' | ')}`);
      const people = result.endpoints.find((e) => e.endpoint === 'GET /api/profiles');
      const step = {
        script,
        rate,
        answered: result.answeredPerSecond,
        errors: result.errors,
        p50PeopleMs: people?.p50Ms ?? Number.NaN,
        p99Ms: result.p99Ms,
        streamsLost,
        serverCpu: result.serverCpuSeconds / (durationMs / 1000),
        cpuMsPerRequest: (result.serverCpuSeconds * 1000) / (result.answeredPerSecond * (durationMs / 1000)),
        generatorCpu: result.generatorCpuSeconds / (durationMs / 1000),
        held: result.errors === 0 && streamsLost === 0 && result.p99Ms < P99_LIMIT_MS,
      };
      results.push(step);
      log(
        `${script} ${rate} req/s: ${step.answered.toFixed(0)} answered/s, ${step.errors} errors, p99 ${step.p99Ms.toFixed(0)} ms, people p50 ${step.p50PeopleMs.toFixed(0)} ms, server CPU ${(step.serverCpu * 100).toFixed(0)} % (${step.cpuMsPerRequest.toFixed(2)} ms/request), generator CPU ${(step.generatorCpu * 100).toFixed(0)} % → ${step.held ? 'held' : 'not held'}`,
      );
      // Let the backlog of a failed step drain before the next one.
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  } finally {
    await target.close();
  }
  return results;
}

async function profileRun(script: string): Promise<ProfileSummary> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'roboforge-cpu-prof-'));
  // The server process inherits this environment (tests/support/server-process.ts).
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${before ?? ''} --cpu-prof --cpu-prof-dir=${dir}`.trim();
  try {
    await steps(script, [PROFILE_RATE], STEP_MS);
  } finally {
    if (before === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = before;
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile written in ${dir}`);
  const summary = summariseCpuProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile);
  rmSync(dir, { recursive: true, force: true });
  return summary;
}

function profileTable(title: string, summary: ProfileSummary): string {
  return [
    `${title} — ${(summary.totalMs / 1000).toFixed(1)} s of samples`,
    '',
    '| self time | share | function | where |',
    '|---:|---:|---|---|',
    ...summary.functions.map(
      (f) => `| ${f.ms.toFixed(0)} ms | ${(f.share * 100).toFixed(1)} % | \`${f.name}\` | ${f.where || '—'} |`,
    ),
    '',
    '| package | self time | share |',
    '|---|---:|---:|',
    ...summary.packages.map((p) => `| ${p.name} | ${p.ms.toFixed(0)} ms | ${(p.share * 100).toFixed(1)} % |`),
  ].join('\n');
}

if (import.meta.main) {
  const scripts = args['only-after'] ? [AFTER_SCRIPT] : [BEFORE_SCRIPT, AFTER_SCRIPT];
  const profiles: string[] = [];
  if (!args['no-profile']) {
    for (const script of scripts) {
      log(`profiling ${script} at ${PROFILE_RATE} req/s`);
      const summary = await profileRun(script);
      const table = profileTable(`\`${script}\` at ${PROFILE_RATE} req/s`, summary);
      process.stdout.write(`${table}\n\n`);
      profiles.push(table);
    }
  }
  const all: StepResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const script of scripts) all.push(...(await steps(script, RATES, STEP_MS)));
  }
  const rows = all.map(
    (s) =>
      `| \`${s.script}\` | ${s.rate} | ${s.answered.toFixed(0)} | ${s.errors} | ${s.p99Ms.toFixed(0)} ms | ${s.p50PeopleMs.toFixed(0)} ms | ${s.streamsLost} | ${(s.serverCpu * 100).toFixed(0)} % | ${s.cpuMsPerRequest.toFixed(2)} ms | ${(s.generatorCpu * 100).toFixed(0)} % | ${s.held ? 'held' : '**not held**'} |`,
  );
  const table = [
    '| server | offered req/s | answered req/s | errors | p99 | people list p50 | streams lost | server CPU | server CPU per request | generator CPU | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
  process.stdout.write(`${table}\n`);
  if (!args['no-write']) {
    writeResultsSection(
      'load-ceiling',
      `## Load ceiling: CPU profile and held rate (\`node bench/load-ceiling.ts\`)

Written by \`node bench/load-ceiling.ts\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; shared machine).
The soak's load (tests/support/mixed-load.ts): built server on SQLite, 1,000 seeded members, ${STREAMS} live-feed streams open,
55 % people list, 35 % bookmark toggle, 10 % profile edit, 1 password sign-in per second; ${STEP_MS / 1000} s per step; held = no error, no stream lost, p99 < ${P99_LIMIT_MS} ms.

${profiles.join('\n\n')}

${table}
`,
    );
  }
}
