/**
 * `npm run bench`: builds the production site, starts it on loopback with 1,000 seeded members and
 * measures what the performance issue budgets — Lighthouse, bundle bytes, the people API against a
 * bare node:http server, cold start and idle memory, live-update fan-out, and the tutorial simulator
 * (bench/simulator.ts, a section of its own), the compile service (bench/compile.ts, its own section), and each
 * page beside its static limit and the previous release (bench/page-ratios.ts). Prints one table and writes bench/RESULTS.md. Options
 * (environment): BENCH_QUICK=1 for a short smoke run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssMb } from '#test/measurements.ts';
import { ROOT } from '#test/repository-root.ts';
import { seedMembers } from '#test/seed-members.ts';
import { testSettings } from '#test/settings.ts';
import { BUDGETS, bundleReport } from '../scripts/bundle-budget.ts';
import { type ApiResult, benchApi } from './api.ts';
import { benchCompile, compileMarkdown } from './compile.ts';
import { benchDeadWindow, DEAD_WINDOW_PAGES, type DeadWindowResult } from './dead-window.ts';
import { benchEditAndRun, editAndRunMarkdown } from './edit-and-run.ts';
import { benchFanout, type FanoutResult } from './fanout.ts';
import { firstTouchBeforeAfter } from './first-touch-before-after.ts';
import { benchLighthouse, type LighthouseResult } from './lighthouse.ts';
import { measurePageRatios, PREVIOUS_RELEASE, pageRatiosMarkdown } from './page-ratios.ts';
import { writeResultsSection } from './results-file.ts';
import { benchSimulator, type SimulatorBenchRow, simulatorSection } from './simulator.ts';
import { median, startServer } from './support.ts';
import { benchUpload, uploadMarkdown } from './upload.ts';

const quick = testSettings.benchQuick;
const log = (message: string) => console.warn(`[bench] ${message}`);

log('building the production site');
execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const bundles = bundleReport();
// What the offline app's service worker downloads once (scripts/service-worker.ts writes it at build time).
const precache: { precacheFiles: number; precacheBytes: number; precacheTransferBytes: number } = JSON.parse(
  readFileSync(path.join(ROOT, 'build', 'service-worker-report.json'), 'utf8'),
);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roboforge-bench-'));
log('seeding 1,000 members');
await seedMembers(dataDir, 1000);

log('cold start and idle memory (5 starts on the existing database)');
const starts: number[] = [];
const idleRss: number[] = [];
for (let i = 0; i < (quick ? 2 : 5); i++) {
  const server = await startServer({ DATA_DIR: dataDir });
  starts.push(server.startupMs);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  idleRss.push(await rssMb(server.child.pid));
  await server.stop();
}

/** The tutorials issue's page: its own budgets (performance ≥ 98, LCP ≤ 1.0 s, CLS 0), measured signed in. */
const TUTORIAL_PAGE = '/projects/line-following-robot';
const server = await startServer({ DATA_DIR: dataDir });
let lighthouse: LighthouseResult[] = [];
let deadWindow: DeadWindowResult[] = [];
let api: ApiResult;
let fanout: FanoutResult;
let simulator: SimulatorBenchRow[] = [];
const simulatorLoad = { before: [] as number[], after: [] as number[] };
try {
  log('Lighthouse, mobile preset, median of 5 runs per page');
  lighthouse = await benchLighthouse(server.baseUrl, ['/', '/about', '/people', '/auth'], quick ? 1 : 5);
  log('Lighthouse on a tutorial page, signed in (a member session stored in Chromium first)');
  lighthouse.push(...(await benchLighthouse(server.baseUrl, [TUTORIAL_PAGE], quick ? 1 : 5, { signedIn: true })));
  log('the first touch: first paint to the app, 4× CPU and slow 4G, warm and cold cache');
  deadWindow = await benchDeadWindow(server.baseUrl, DEAD_WINDOW_PAGES, quick ? 1 : 5);
  log('GET /api/profiles against bare node:http (autocannon, 50 connections)');
  api = await benchApi(server.baseUrl, quick ? { rounds: 1, durationSeconds: 3 } : { rounds: 3, durationSeconds: 10 });
  log('live-update fan-out');
  fanout = await benchFanout(
    server.baseUrl,
    server.child.pid,
    quick ? { clients: 200, durationSeconds: 5 } : { clients: 2000, durationSeconds: 30 },
  );
  log('the simulator: speed in Node and Chromium, main-thread tasks, Run to the first serial byte');
  simulatorLoad.before = os.loadavg();
  simulator = await benchSimulator(server.baseUrl);
  simulatorLoad.after = os.loadavg();
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (!quick) {
  log('the first touch before and after decision 014: the earlier build (made once) beside this one');
  writeResultsSection('first-touch-before-after', await firstTouchBeforeAfter(5));
  log('each page beside its static limit and the previous release (Lighthouse, the three builds in turn)');
  writeResultsSection('page-ratios', pageRatiosMarkdown(await measurePageRatios(5), 5, PREVIOUS_RELEASE));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
const ok = (pass: boolean) => (pass ? 'within' : '**over**');
const maxRoute = Math.max(...Object.values(bundles.routes));
const startMs = median(starts);
const rss = median(idleRss);

const rows: string[][] = [
  [
    'Initial JS on `/` (gzip)',
    kb(bundles.initialJs.bytes),
    '≤ 120 KB',
    '241 KB / 240 KB',
    ok(bundles.initialJs.bytes <= BUDGETS.initialJsBytes),
  ],
  [
    'Largest route addition (gzip)',
    kb(maxRoute),
    `≤ ${kb(BUDGETS.routeChunkBytes)}`,
    '—',
    ok(maxRoute <= BUDGETS.routeChunkBytes),
  ],
  [
    'A tutorial page over `/projects` (gzip)',
    kb(bundles.tutorialOverProjects),
    `≤ ${kb(BUDGETS.tutorialOverProjectsBytes)}`,
    '—',
    ok(bundles.tutorialOverProjects <= BUDGETS.tutorialOverProjectsBytes),
  ],
  ['CSS (gzip)', kb(bundles.cssBytes), '≤ 20 KB', '—', ok(bundles.cssBytes <= BUDGETS.cssBytes)],
  [
    'Offline precache: files, size, download (brotli)',
    `${precache.precacheFiles} files, ${kb(precache.precacheBytes)}, ${kb(precache.precacheTransferBytes)}`,
    'reported',
    '—',
    '—',
  ],
];
for (const r of lighthouse) {
  const pass = r.performance >= 98 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100;
  rows.push([
    `Lighthouse \`${r.path}\` perf / a11y / BP / SEO`,
    `${r.performance} / ${r.accessibility} / ${r.bestPractices} / ${r.seo}`,
    '≥ 98 / 100 / 100 / 100',
    '58 / 100 (club) · 76 / 84 (course)',
    ok(pass),
  ]);
  const tutorial = r.path === TUTORIAL_PAGE;
  rows.push([
    `Lighthouse \`${r.path}\`${tutorial ? ' (signed in)' : ''} LCP / TBT / CLS / FCP`,
    `${s(r.lcpMs)} / ${ms(r.tbtMs)} / ${r.cls.toFixed(3)} / ${s(r.fcpMs)}`,
    tutorial ? '≤ 1.0 s / — / 0' : '≤ 0.80 s / ≤ 50 ms / 0',
    '6.3 s, 657 ms (club) · 2.7 s, 705 ms (course)',
    ok(tutorial ? r.lcpMs <= 1000 && r.cls === 0 : r.lcpMs <= 800 && r.tbtMs <= 50 && r.cls === 0),
  ]);
  rows.push([
    `Requests to other origins on \`${r.path}\``,
    String(r.foreignRequests),
    '0',
    '—',
    ok(r.foreignRequests === 0),
  ]);
}
for (const r of deadWindow) {
  const warm = r.cache === 'warm';
  rows.push([
    `First touch \`${r.path}\` (${r.cache} cache): FCP / React answers / hydrated, gap to React`,
    `${ms(r.fcpMs)} / ${ms(r.appMs)} / ${ms(r.hydratedMs)}, ${ms(r.gapMs)}`,
    warm ? 'gap ≤ 300 ms' : 'reported',
    '—',
    warm ? ok(r.gapMs <= 300) : '—',
  ]);
}
rows.push(
  [
    '`GET /api/profiles` (1,000 members) req/s vs bare node:http',
    `${Math.round(api.oursRps)} vs ${Math.round(api.bareRps)} = ${(api.ratio * 100).toFixed(0)} %`,
    '≥ 60 %',
    '—',
    ok(api.ratio >= 0.6),
  ],
  [
    '`GET /api/profiles` p99 latency (ours / bare)',
    `${ms(api.oursP99Ms)} / ${ms(api.bareP99Ms)}`,
    'reported',
    '—',
    '—',
  ],
  ['`GET /api/profiles` errors and non-2xx', String(api.oursErrors), '0', '—', ok(api.oursErrors === 0)],
  ['Cold start to first answer (median of starts)', ms(startMs), '≤ 1 s', '—', ok(startMs <= 1000)],
  ['Idle memory (RSS, median)', `${rss.toFixed(0)} MB`, '≤ 120 MB', '—', ok(rss <= 120)],
  [
    `Fan-out: ${fanout.clients} SSE clients, ${fanout.updates} updates (1 per 100 ms) — latency p50 / p99 / max`,
    `${ms(fanout.p50Ms)} / ${ms(fanout.p99Ms)} / ${ms(fanout.maxMs)}`,
    'reported',
    '—',
    '—',
  ],
  [
    'Fan-out: events lost / duplicated',
    `${fanout.lost} / ${fanout.duplicates}`,
    '0 / 0',
    '—',
    ok(fanout.lost === 0 && fanout.duplicates === 0),
  ],
  [
    'Fan-out: server RSS before / peak, CPU used',
    `${fanout.rssBeforeMb.toFixed(0)} / ${fanout.rssPeakMb.toFixed(0)} MB, ${fanout.cpuSeconds.toFixed(1)} s CPU in ${fanout.durationSeconds} s`,
    'reported',
    '—',
    '—',
  ],
);

const table = [
  '| measure | RoboForge | budget | anchor (Lovable sites) | verdict |',
  '|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
process.stdout.write(`${table}\n`);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
writeResultsSection(
  'performance',
  `## Performance (\`npm run bench\`)

Written by \`npm run bench\`${quick ? ' (BENCH_QUICK=1: a short smoke run, not for comparison)' : ''} on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}. Everything on loopback; the machine is shared, so ratios were measured side by side in one run.

${table}

How each figure is taken:
- Bundle bytes: \`scripts/bundle-budget.ts\` on the production build — gzip (level 9) of every script \`/\` loads
  before any interaction (its inline bootstrap's imports and their static imports), of what each route adds
  when opened, and of the CSS. The same numbers are enforced by \`scripts/bundle-budget.system.test.ts\` in \`npm test\`.
- Offline precache: every file the service worker stores at its first install (all pages, every route's
  chunks, the nine tutorials' diagrams, sketches and .hex programs, styles, fonts, icons; \`build/service-worker-report.json\`),
  as stored and as downloaded (the server's brotli copies). It is fetched after the page has loaded.
- Lighthouse 12.8 (the anchor's version), default mobile preset (simulated slow 4G, 4× CPU), Chromium
  ${'`/usr/bin/chromium`'} headless with outside hosts unreachable, median of ${quick ? 1 : 5} runs per page, 1,000 members seeded.
- API: autocannon, 50 connections, ${quick ? '3' : '10'} s per run, alternating bare/ours ${quick ? 1 : 3} times, median;
  the bare server answers the same bytes from memory.
- First touch (\`bench/dead-window.ts\`, docs/first-touch.md): Playwright's Chromium at 4× CPU with DevTools' slow 4G
  (562.5 ms latency, 1.6 Mbps down), median of ${quick ? 1 : 5} loads per page: first contentful paint, the moment
  \`<html data-app>\` is set (React answers events from then on) and \`data-hydrated\` (the app's first effect, held
  taps replayed); warm = the page loaded once before in the same browser (assets from the HTTP cache). Taps in the gap
  are held by the boot script, not lost; the gap is how long a held tap waits for its answer.
- Cold start: spawn of \`node build/server-app/server.js\` (what \`npm start\` runs) to the first 200 from \`/api/health\`, existing database.
- Fan-out: N streams from one client process; latency from sending the PATCH to receiving the event.
`,
);
writeResultsSection('simulator', simulatorSection(simulator, simulatorLoad));
log('wrote bench/RESULTS.md');

log('uploading each tutorial to the simulated optiboot');
writeResultsSection('upload', uploadMarkdown(await benchUpload()));

log('the compile service: each tutorial cold and cached, a class of 30 at once, 30 on the same sketch');
writeResultsSection('compile', compileMarkdown(await benchCompile()));
log('edit and run: an edited sketch from Run to its first serial byte, in Chromium');
writeResultsSection('edit-and-run', editAndRunMarkdown(await benchEditAndRun()));
