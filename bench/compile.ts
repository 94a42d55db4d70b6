/**
 * `node bench/compile.ts` after `npm run build`: the compile service (`POST /api/sketches/compile`,
 * docs/compile-service.md) on the built server, a fresh SQLite and a fresh temporary folder (so each
 * board's core archive is built here, once), with COMPILES_PER_MINUTE raised out of the way:
 * - each tutorial's sketch and a blink, one at a time: the first compile of each board (its core
 *   archive included), a cold compile (the source with a comment no one compiled before; median of
 *   several) and a cached one (the same source again; median of several);
 * - a class pressing Run together: 30 accounts send 30 different blinks at once; the time to the
 *   last answer, every status, and meanwhile `/`, `/projects`, `/api/health` and `/api/profiles`
 *   asked every 50 ms from another client (their max and p95);
 * - 30 accounts send the same unchanged tutorial sketch at once: how many compiles really ran (the
 *   sandbox processes the server starts) and the time to the last answer;
 * - the attack of issue 41 (compile-attacks.ts): the slowest honest sketch, the linker's long line
 *   and `/` meanwhile, 10 accounts flooding the queue while a learner presses Run.
 *
 * Writes the "compile" section of bench/RESULTS.md; `npm run bench` runs it too. BENCH_QUICK=1 for a short run.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Board, PROJECTS } from '#shared/content/projects.ts';
import { compiledSketchSchema } from '#shared/schemas/sketch-compile.ts';
import { percentile } from '#test/measurements.ts';
import { ROOT } from '#test/repository-root.ts';
import { requireBuild } from '#test/require-build.ts';
import { seedMembers } from '#test/seed-members.ts';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { type AttackBenchResult, attacksMarkdown, benchAttacks } from './compile-attacks.ts';
import { writeResultsSection } from './results-file.ts';
import { sampleRequests } from './sample-requests.ts';
import { median, startServer } from './support.ts';

const quick = testSettings.benchQuick;
const log = (message: string) => console.warn(`[bench:compile] ${message}`);
const COLD_RUNS = quick ? 1 : 3;
const CACHED_RUNS = quick ? 3 : 7;
const CLASS_SIZE = 30;
const SAMPLE_EVERY_MS = 50;
const SAMPLED_PATHS = ['/', '/projects', '/api/health', '/api/profiles'] as const;
/** The issue's goals. */
const GOALS = { classLastAnswerMs: 30_000, otherRequestMs: 500, cachedMs: 50 } as const;

const blink = (delayMs: number, note = '') => `// Blink${note}
void setup() {
  pinMode(LED_BUILTIN, OUTPUT);
}

void loop() {
  digitalWrite(LED_BUILTIN, HIGH);
  delay(${delayMs});
  digitalWrite(LED_BUILTIN, LOW);
  delay(${delayMs});
}
`;

interface Sketch {
  readonly name: string;
  readonly board: Board;
  readonly source: string;
}

const SKETCHES: Sketch[] = [
  ...PROJECTS.map(({ slug, board }) => ({
    name: slug,
    board,
    source: readFileSync(path.join(ROOT, 'src', 'shared', 'content', 'sketches', `${slug}.ino`), 'utf8'),
  })),
  { name: 'blink', board: 'uno', source: blink(1000) },
];

interface Answer {
  readonly status: number;
  readonly ms: number;
  /** `cached` of a 200; null for any other status. */
  readonly cached: boolean | null;
  /** The end of the answer, from the start of its group. */
  readonly atMs: number;
}

async function compile(baseUrl: string, token: string, board: Board, source: string, since = 0): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/sketches/compile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ board, source }),
  });
  const body: unknown = await response.json();
  const ended = performance.now();
  const cached = response.status === 200 ? compiledSketchSchema.parse(body).cached : null;
  if (response.status !== 200) log(`${board} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { status: response.status, ms: ended - started, cached, atMs: ended - since };
}

/**
 * Counts the compiles that really ran while it watches: the server's child processes (each compile
 * is one sandbox process; a compile takes 100 ms or more, so a 10 ms look at /proc sees each one).
 */
function countCompileProcesses(serverPid: number) {
  const seen = new Set<string>();
  const look = () => {
    try {
      for (const pid of readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').split(' ')) {
        if (pid.trim()) seen.add(pid.trim());
      }
    } catch {
      // the server is gone: the run will say so
    }
  };
  const timer = setInterval(look, 10);
  return () => {
    clearInterval(timer);
    look();
    return seen.size;
  };
}

export interface SketchTiming {
  readonly name: string;
  readonly board: Board;
  readonly coldMs: number;
  readonly cachedMs: number;
  readonly cachedMaxMs: number;
}

export interface CompileBenchResult {
  readonly firstOfBoard: { board: Board; ms: number }[];
  readonly sketches: SketchTiming[];
  readonly class: {
    readonly lastAnswerMs: number;
    readonly statuses: Record<string, number>;
    readonly sandboxRuns: number;
    readonly idle: { p95Ms: number; maxMs: number; count: number };
    readonly during: { p95Ms: number; maxMs: number; count: number; failed: number };
    readonly slowest: { path: string; ms: number }[];
  };
  readonly same: {
    readonly sketch: string;
    readonly lastAnswerMs: number;
    readonly statuses: Record<string, number>;
    readonly sandboxRuns: number;
    readonly cachedAnswers: number;
  };
  readonly attacks: AttackBenchResult;
  readonly load: { before: number[]; after: number[] };
  readonly serverStartMs: number;
}

const statusCounts = (answers: readonly Answer[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const latencySummary = (ms: readonly number[]) => ({
  p95Ms: percentile(ms, 95),
  maxMs: Math.max(...ms),
  count: ms.length,
});

export async function benchCompile(): Promise<CompileBenchResult> {
  requireBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roboforge-bench-compile-data-'));
  // The server's own temporary folder: its core archives are built afresh in the run.
  const serverTmp = mkdtempSync(path.join(os.tmpdir(), 'roboforge-bench-compile-tmp-'));
  // As the machine's own /tmp is: the sandbox's user must reach the archives in it (mkdtemp makes 0700).
  chmodSync(serverTmp, 0o755);
  await seedMembers(dataDir, 1000);
  const server = await startServer({
    DATA_DIR: dataDir,
    TMPDIR: serverTmp,
    COMPILES_PER_MINUTE: '100000',
    SIGNUPS_PER_ADDRESS: '1000',
  });
  const load = { before: os.loadavg(), after: [] as number[] };
  const serverPid = server.child.pid;
  try {
    if (serverPid === undefined) throw new Error('the server has no process id');
    log(`signing up ${CLASS_SIZE + 1} accounts`);
    const solo = (await signUpAndSignIn(server)).access_token;
    const learners: string[] = [];
    for (let i = 0; i < CLASS_SIZE; i++) learners.push((await signUpAndSignIn(server)).access_token);

    log('the first compile of each board (its core archive built)');
    const firstOfBoard: { board: Board; ms: number }[] = [];
    for (const board of [...new Set(SKETCHES.map((s) => s.board))]) {
      const answer = await compile(server.baseUrl, solo, board, blink(1000, ` (the first of the ${board})`));
      firstOfBoard.push({ board, ms: answer.ms });
    }

    const same = SKETCHES[0];
    if (!same) throw new Error('no tutorial');
    log(`${CLASS_SIZE} accounts run the unchanged ${same.name} at once`);
    const stopCountingSame = countCompileProcesses(serverPid);
    const sameStart = performance.now();
    const sameAnswers = await Promise.all(
      learners.map((token) => compile(server.baseUrl, token, same.board, same.source, sameStart)),
    );
    const sameRuns = stopCountingSame();

    log('each sketch alone: cold, then cached');
    const sketches: SketchTiming[] = [];
    for (const sketch of SKETCHES) {
      const cold: number[] = [];
      for (let run = 0; run < COLD_RUNS; run++) {
        const variant = `${sketch.source}\n// bench: cold run ${run} at ${Date.now()}\n`;
        cold.push((await compile(server.baseUrl, solo, sketch.board, variant)).ms);
      }
      await compile(server.baseUrl, solo, sketch.board, sketch.source);
      const cached: number[] = [];
      for (let run = 0; run < CACHED_RUNS; run++) {
        const answer = await compile(server.baseUrl, solo, sketch.board, sketch.source);
        if (answer.cached !== true) throw new Error(`${sketch.name}: the same source again was not cached`);
        cached.push(answer.ms);
      }
      sketches.push({
        name: sketch.name,
        board: sketch.board,
        coldMs: median(cold),
        cachedMs: median(cached),
        cachedMaxMs: Math.max(...cached),
      });
    }

    log('the other requests on an idle compile service (2 s)');
    const stopIdle = sampleRequests(server.baseUrl, SAMPLED_PATHS, SAMPLE_EVERY_MS);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await stopIdle();

    log(`a class: ${CLASS_SIZE} different blinks from ${CLASS_SIZE} accounts at once`);
    const stopSampling = sampleRequests(server.baseUrl, SAMPLED_PATHS, SAMPLE_EVERY_MS);
    const stopCountingClass = countCompileProcesses(serverPid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const classStart = performance.now();
    const classAnswers = await Promise.all(
      learners.map((token, i) =>
        compile(server.baseUrl, token, 'uno', blink(100 + i, ` for learner ${i}`), classStart),
      ),
    );
    const lastAnswerMs = Math.max(...classAnswers.map((a) => a.atMs));
    const classRuns = stopCountingClass();
    const during = await stopSampling();

    log('the attack: the linker’s long line, then 10 accounts flooding while a learner presses Run');
    const attacks = await benchAttacks(server.baseUrl, { solo, accounts: learners.slice(0, 11), quick });
    load.after = os.loadavg();

    return {
      firstOfBoard,
      sketches,
      class: {
        lastAnswerMs,
        statuses: statusCounts(classAnswers),
        sandboxRuns: classRuns,
        idle: latencySummary(idle.map((s) => s.ms)),
        during: { ...latencySummary(during.map((s) => s.ms)), failed: during.filter((s) => s.status !== 200).length },
        slowest: [...during]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 4)
          .map(({ path: route, ms }) => ({ path: route, ms })),
      },
      same: {
        sketch: same.name,
        lastAnswerMs: Math.max(...sameAnswers.map((a) => a.atMs)),
        statuses: statusCounts(sameAnswers),
        sandboxRuns: sameRuns,
        cachedAnswers: sameAnswers.filter((a) => a.cached === true).length,
      },
      attacks,
      load,
      serverStartMs: server.startupMs,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(serverTmp, { recursive: true, force: true });
  }
}

export function compileMarkdown(r: CompileBenchResult): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
  const slowestCached = Math.max(...r.sketches.map((t) => t.cachedMs));
  const allAnswered = r.class.statuses['200'] === CLASS_SIZE;
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const loadText = (values: number[]) => values.map((v) => v.toFixed(1)).join(' / ');
  return [
    '## The compile service (`node bench/compile.ts`, in `npm run bench`)',
    '',
    `Written by \`node bench/compile.ts\`${quick ? ' (BENCH_QUICK=1: a short run, not for comparison)' : ''} on ${new Date().toISOString().slice(0, 10)}, after \`npm run build\`.`,
    `Machine: ${machine}; load average (1 / 5 / 15 min) ${loadText(r.load.before)} at the start and ${loadText(r.load.after)} at the end, on ${os.cpus().length} cores.`,
    `The built server on loopback, a fresh SQLite with 1,000 members, a fresh temporary folder (so each board's core archive is built in the run), the sandbox on (bubblewrap), COMPILES_PER_MINUTE=100000. Times are the client's, from sending the request to the whole answer.`,
    '',
    '| goal (issue 32) | measured | verdict |',
    '|---|---|---|',
    `| ${CLASS_SIZE} different sketches at once, all answered within ${s(GOALS.classLastAnswerMs)} | last answer after ${s(r.class.lastAnswerMs)}; ${statuses(r.class.statuses)} | ${verdict(allAnswered && r.class.lastAnswerMs <= GOALS.classLastAnswerMs)} |`,
    `| meanwhile no other request over ${ms(GOALS.otherRequestMs)} | max ${ms(r.class.during.maxMs)}, p95 ${ms(r.class.during.p95Ms)} (${r.class.during.count} requests, ${r.class.during.failed} not 200) | ${verdict(r.class.during.maxMs <= GOALS.otherRequestMs && r.class.during.failed === 0)} |`,
    `| a cached compile under ${ms(GOALS.cachedMs)} | slowest median ${ms(slowestCached)} | ${verdict(slowestCached < GOALS.cachedMs)} |`,
    '',
    `First compile of a board, core archive included (a blink): ${r.firstOfBoard.map((f) => `${f.board} ${ms(f.ms)}`).join(', ')}.`,
    '',
    `| sketch | board | cold (median of ${COLD_RUNS}) | cached (median of ${CACHED_RUNS}) | cached, slowest |`,
    '|---|---|---:|---:|---:|',
    ...r.sketches.map((t) => `| ${t.name} | ${t.board} | ${ms(t.coldMs)} | ${ms(t.cachedMs)} | ${ms(t.cachedMaxMs)} |`),
    '',
    `A class pressing Run together: ${CLASS_SIZE} accounts each send a different blink (its own delay) at once. The last answer came after ${s(r.class.lastAnswerMs)} (${statuses(r.class.statuses)}; ${r.class.sandboxRuns} compiles ran). Meanwhile \`${SAMPLED_PATHS.join('`, `')}\`, one every ${SAMPLE_EVERY_MS} ms in turn from another client: p95 ${ms(r.class.during.p95Ms)}, max ${ms(r.class.during.maxMs)} (slowest: ${r.class.slowest.map((x) => `\`${x.path}\` ${ms(x.ms)}`).join(', ')}); the same requests for 2 s before, with no compile running: p95 ${ms(r.class.idle.p95Ms)}, max ${ms(r.class.idle.maxMs)}.`,
    '',
    `The same sketch at once: ${CLASS_SIZE} accounts run the unchanged \`${r.same.sketch}\` (not compiled before in the run) together: ${r.same.sandboxRuns} compile${r.same.sandboxRuns === 1 ? '' : 's'} really ran (sandbox processes the server started), ${r.same.cachedAnswers} answers came from the cache, the rest shared the run under way; last answer after ${s(r.same.lastAnswerMs)} (${statuses(r.same.statuses)}).`,
    '',
    ...attacksMarkdown(r.attacks),
    '',
    `How each figure is taken: one account for the sketches alone (cold = the sketch with a comment no one compiled before, so the compiler runs but the program is the same); 30 other accounts for the two bursts, all signed up over HTTP first. A compile that really ran is a sandbox process the server started (its children in \`/proc\`, looked at every 10 ms; a compile takes 100 ms or more). The server took ${s(r.serverStartMs)} from its start to its first answer.`,
  ].join('\n');
}

if (import.meta.main) {
  const result = await benchCompile();
  const markdown = compileMarkdown(result);
  console.warn(markdown);
  writeResultsSection('compile', markdown);
}
