/**
 * `node bench/offline.ts` (after `npm run build`): what the offline app (product D15) costs. The
 * precache list's size, and Lighthouse on `/` side by side: the build as it is, and the same build
 * whose service worker installs nothing (same registration, no precache), alternating runs on two
 * servers. Writes the "offline" section of bench/RESULTS.md. BENCH_QUICK=1 for one run per side.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { ROOT } from '#test/repository-root.ts';
import { testSettings } from '#test/settings.ts';
import { SERVICE_WORKER_PATH } from '../src/shared/offline.ts';
import { launchChromium } from './lighthouse.ts';
import { writeResultsSection } from './results-file.ts';
import { median, startServer } from './support.ts';

const runs = testSettings.benchQuick ? 1 : 6;
const log = (message: string) => console.warn(`[bench:offline] ${message}`);

const report: { precacheFiles: number; precacheBytes: number; precacheTransferBytes: number } = JSON.parse(
  readFileSync(path.join(ROOT, 'build', 'service-worker-report.json'), 'utf8'),
);

interface Sample {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

async function sample(port: number, url: string): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = runner?.lhr;
    if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null) {
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
      };
    }
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.code ?? 'no result'}`);
  }
}

// The same build beside it, its worker replaced by one that precaches nothing.
const copy = mkdtempSync(path.join(os.tmpdir(), 'roboforge-bench-offline-build-'));
cpSync(path.join(ROOT, 'build'), path.join(copy, 'build'), { recursive: true });
symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
const idleWorker = path.join(copy, 'build', 'client', SERVICE_WORKER_PATH.slice(1));
for (const ext of ['.br', '.gz']) rmSync(`${idleWorker}${ext}`);
writeFileSync(idleWorker, "self.addEventListener('install',()=>self.skipWaiting());\n");

type Side = 'worker' | 'idle';
const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'roboforge-bench-offline-')));
const servers = {
  worker: await startServer({ DATA_DIR: dataDirs[0] ?? '' }),
  idle: await startServer({ DATA_DIR: dataDirs[1] ?? '' }, copy),
};
const chrome = await launchChromium();
const samples: Record<Side, Sample[]> = { worker: [], idle: [] };
try {
  for (let i = 0; i < runs; i++) {
    // ABBA order, so neither side always goes first.
    for (const side of i % 2 === 0 ? (['worker', 'idle'] as const) : (['idle', 'worker'] as const)) {
      log(`Lighthouse on / (${side}), run ${i + 1} of ${runs}`);
      samples[side].push(await sample(chrome.port, `${servers[side].baseUrl}/`));
    }
  }
} finally {
  chrome.kill();
  await servers.worker.stop();
  await servers.idle.stop();
  for (const dir of [...dataDirs, copy]) rmSync(dir, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pick = (side: Side, key: keyof Sample) => median(samples[side].map((s) => s[key]));
const row = (side: Side, label: string) =>
  `| ${label} | ${pick(side, 'performance')} | ${(pick(side, 'fcpMs') / 1000).toFixed(2)} s | ${(pick(side, 'lcpMs') / 1000).toFixed(2)} s | ${Math.round(pick(side, 'tbtMs'))} ms | ${pick(side, 'cls').toFixed(3)} | ${(pick(side, 'speedIndexMs') / 1000).toFixed(2)} s |`;

const table = [
  '| `/`, Lighthouse mobile, median | perf | FCP | LCP | TBT | CLS | Speed Index |',
  '|---|---|---|---|---|---|---|',
  row('worker', 'the build: the worker precaches the app'),
  row('idle', 'the same build, a worker that precaches nothing'),
].join('\n');
process.stdout.write(`${table}\n`);

writeResultsSection(
  'offline',
  `## Offline app (\`node bench/offline.ts\`)

Written by \`node bench/offline.ts\`${testSettings.benchQuick ? ' (BENCH_QUICK=1: one run per side, not for comparison)' : ''} on ${new Date().toISOString().slice(0, 10)}, after \`npm run build\`.

**Precache list** (what the service worker stores at its first install: every prerendered page, the 404
shell, every route's chunks, the nine tutorials' diagrams, sketches and .hex programs, styles, fonts, icons, the manifest;
no \`.br\`/\`.gz\` copies): **${report.precacheFiles} files, ${kb(report.precacheBytes)}** as stored,
**${kb(report.precacheTransferBytes)}** downloaded (the server's brotli copies). It is fetched once, after the
page has loaded and the browser is idle; later visits fetch only what changed.

**Lighthouse on \`/\`**, ${runs} alternating runs per side (fresh storage each run, so every run is a first
visit that installs the worker; it registers 10 s after \`load\`, when the browser is idle). The second row
is the same build with a worker that installs nothing: the difference is what the precache costs.

${table}
`,
);
log('wrote the offline section of bench/RESULTS.md');
