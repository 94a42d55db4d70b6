/**
 * `node bench/offline.ts` (after `npm run build`): what the offline app (product D15) costs. The
 * precache list's size, and Lighthouse on `/` side by side with the service worker and with its
 * script blocked (so nothing registers), alternating runs on one server. Writes the "offline"
 * section of bench/RESULTS.md. BENCH_QUICK=1 for one run per side.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { testSettings } from '#test/settings.ts';
import { SERVICE_WORKER_PATH } from '../src/shared/offline.ts';
import { launchChromium } from './lighthouse.ts';
import { writeResultsSection } from './results-file.ts';
import { median, ROOT, startServer } from './support.ts';

const runs = testSettings.benchQuick ? 1 : 5;
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
  /** Whether the page asked for the worker script at all during the run. */
  workerRequested: boolean;
}

async function sample(port: number, url: string, blockWorker: boolean): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      {
        extends: 'lighthouse:default',
        settings: { blockedUrlPatterns: blockWorker ? [`*${SERVICE_WORKER_PATH}`] : [] },
      },
    );
    const lhr = runner?.lhr;
    if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null) {
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests =
        (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
      return {
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
        workerRequested: requests.some((r) => new URL(r.url).pathname === SERVICE_WORKER_PATH),
      };
    }
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.code ?? 'no result'}`);
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roboforge-bench-offline-'));
const server = await startServer({ DATA_DIR: dataDir });
const chrome = await launchChromium();
const samples: Record<'worker' | 'blocked', Sample[]> = { worker: [], blocked: [] };
try {
  for (let i = 0; i < runs; i++) {
    for (const side of ['worker', 'blocked'] as const) {
      log(`Lighthouse on / (${side}), run ${i + 1} of ${runs}`);
      samples[side].push(await sample(chrome.port, `${server.baseUrl}/`, side === 'blocked'));
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pick = (side: 'worker' | 'blocked', key: Exclude<keyof Sample, 'workerRequested'>) =>
  median(samples[side].map((s) => s[key]));
const row = (side: 'worker' | 'blocked', label: string) =>
  `| ${label} | ${pick(side, 'performance')} | ${(pick(side, 'fcpMs') / 1000).toFixed(2)} s | ${(pick(side, 'lcpMs') / 1000).toFixed(2)} s | ${Math.round(pick(side, 'tbtMs'))} ms | ${pick(side, 'cls').toFixed(3)} | ${(pick(side, 'speedIndexMs') / 1000).toFixed(2)} s | ${samples[side].filter((s) => s.workerRequested).length} of ${runs} |`;

const table = [
  '| `/`, Lighthouse mobile, median | perf | FCP | LCP | TBT | CLS | Speed Index | worker script requested |',
  '|---|---|---|---|---|---|---|---|',
  row('worker', 'with the service worker'),
  row('blocked', 'worker script blocked'),
].join('\n');
process.stdout.write(`${table}\n`);

writeResultsSection(
  'offline',
  `## Offline app (\`node bench/offline.ts\`)

Written by \`node bench/offline.ts\`${testSettings.benchQuick ? ' (BENCH_QUICK=1: one run per side, not for comparison)' : ''} on ${new Date().toISOString().slice(0, 10)}, after \`npm run build\`.

**Precache list** (what the service worker stores at its first install: every prerendered page, the 404
shell, every route's chunks, the nine tutorials' diagrams and sketches, styles, fonts, icons, the manifest;
no \`.br\`/\`.gz\` copies): **${report.precacheFiles} files, ${kb(report.precacheBytes)}** as stored,
**${kb(report.precacheTransferBytes)}** downloaded (the server's brotli copies). It is fetched once, after the
page has loaded and the browser is idle; later visits fetch only what changed.

**Lighthouse on \`/\`**, ${runs} alternating runs per side on one server (the worker registers after \`load\`,
when the browser is idle; "blocked" blocks its script, so nothing registers):

${table}
`,
);
log('wrote the offline section of bench/RESULTS.md');
