/**
 * `node bench/first-paint.ts`: what each first-paint lever of `scripts/postbuild.ts` is worth,
 * side by side with the static-page limit, in one run on one build.
 *
 * Builds the site once, then prepares one copy of the build per variant (postbuild with that
 * variant's rewrites, bench/first-paint-variants.ts), starts the production server on each (same seeded database) and runs
 * Lighthouse's mobile preset on every page of every variant, interleaved (run 1 of every
 * variant, then run 2, …), so machine noise hits all variants alike. Medians of RUNS runs.
 * Then one throttled first visit per page and variant in real Chromium (bench/slow-visit.ts):
 * was the display face on the first paint, and when did the app hydrate.
 *
 * Options: --runs=5, --pages=/,/about,/people,/auth, --variants=<names> (default all),
 * --visits=1 (throttled visits per page and variant), --no-write (print only; by default it writes
 * the `first-paint` section of bench/RESULTS.md).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '#test/repository-root.ts';
import { seedMembers } from '#test/seed-members.ts';
import { postbuild } from '../scripts/postbuild.ts';
import { buildServiceWorker } from '../scripts/service-worker.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { VARIANTS, type Variant } from './first-paint-variants.ts';
import { type LighthouseSample, launchChromium, lighthouseSample, signInChromium } from './lighthouse.ts';
import { writeResultsSection } from './results-file.ts';
import { type SlowVisit, slowVisit } from './slow-visit.ts';
import { makeStatic } from './static-page.ts';
import { median, type RunningServer, startServer } from './support.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    visits: { type: 'string', default: '1' },
    pages: { type: 'string', default: '/,/about,/people,/auth' },
    variants: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    /** Lighthouse runs as a returning member: a session stored for each server's origin (login-required pages). */
    'signed-in': { type: 'boolean', default: false },
    /** The bench/RESULTS.md section to write (several runs with other pages can keep theirs). */
    section: { type: 'string', default: 'first-paint' },
  },
});
const RUNS = Number(args.runs);
const SIGNED_IN = args['signed-in'];
// The throttled visits open fresh, anonymous browsers: not run for a signed-in measurement.
const VISITS = SIGNED_IN ? 0 : Number(args.visits);
const PAGES = args.pages.split(',');
const chosen = args.variants?.split(',');
const variants = chosen ? VARIANTS.filter((v) => chosen.includes(v.name)) : VARIANTS;
const log = (message: string) => console.warn(`[first-paint] ${message}`);

const work = mkdtempSync(path.join(os.tmpdir(), 'roboforge-first-paint-'));
log(`building once (react-router build + server bundle) into ${work}`);
execFileSync('npx', ['react-router', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const raw = path.join(work, 'raw');
cpSync(path.join(ROOT, 'build'), raw, { recursive: true });
// The project's own build is left complete, as `npm run build` leaves it.
execFileSync('node', ['scripts/postbuild.ts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync('node', ['scripts/service-worker.ts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync('npx', ['vite', 'build', '--config', 'vite.server.config.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
});

const dataDir = path.join(work, 'data');
mkdirSync(dataDir);
log('seeding 1,000 members');
await seedMembers(dataDir, 1000);

const servers = new Map<string, RunningServer>();
const pageBytes = new Map<string, Map<string, { br: number; css: number }>>();
try {
  for (const variant of variants) {
    const dir = path.join(work, variant.name);
    cpSync(raw, path.join(dir, 'build'), { recursive: true });
    cpSync(path.join(ROOT, 'build', 'server-app'), path.join(dir, 'build', 'server-app'), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    await postbuild(path.join(dir, 'build'), variant.rewrites);
    // The build's last step: the web app manifest and its icons (which the browser fetches), the service worker.
    await buildServiceWorker(path.join(dir, 'build'));
    if (variant.static) makeStatic(path.join(dir, 'build'));
    const bytes = new Map<string, { br: number; css: number }>();
    for (const page of PAGES) {
      const file = path.join(dir, 'build', 'client', page === '/' ? 'index.html' : `${page.slice(1)}/index.html`);
      const br = existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : Number.NaN;
      const css = /<style>([\s\S]*?)<\/style>/.exec(readFileSync(file, 'utf8'))?.[1]?.length ?? 0;
      bytes.set(page, { br, css });
    }
    pageBytes.set(variant.name, bytes);
    const variantData = path.join(dir, 'data');
    cpSync(dataDir, variantData, { recursive: true });
    servers.set(variant.name, await startServer({ DATA_DIR: variantData }, dir));
    log(`variant ${variant.name} ready at ${servers.get(variant.name)?.baseUrl}`);
  }

  const samples = new Map<string, LighthouseSample[]>();
  const chrome = await launchChromium();
  try {
    if (SIGNED_IN) for (const server of servers.values()) await signInChromium(chrome.port, server.baseUrl);
    for (let run = 0; run < RUNS; run++) {
      for (const page of PAGES) {
        // Rotate the order each run, so no variant always goes first after a page change.
        const order = variants.map((_, i) => variants[(i + run) % variants.length] as Variant);
        for (const variant of order) {
          const server = servers.get(variant.name) as RunningServer;
          const sample = await lighthouseSample(chrome.port, server.baseUrl, page);
          const key = `${variant.name} ${page}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          log(
            `run ${run + 1}/${RUNS} ${page} ${variant.name}: LCP ${Math.round(sample.lcpMs)} ms, FCP ${Math.round(sample.fcpMs)} ms, perf ${sample.performance}, ${sample.requestsBeforeLcp} requests before LCP, LCP element ${sample.lcpElement}`,
          );
        }
      }
    }
  } finally {
    chrome.kill();
  }

  log('throttled first visits in Chromium (slow 4G, 4× CPU)');
  const visits = new Map<string, SlowVisit[]>();
  const browser = await launchBrowser();
  try {
    for (let i = 0; i < VISITS; i++) {
      for (const page of PAGES) {
        for (const variant of variants) {
          if (variant.static) continue;
          const server = servers.get(variant.name) as RunningServer;
          const visit = await slowVisit(browser, new URL(page, server.baseUrl).href);
          const key = `${variant.name} ${page}`;
          visits.set(key, [...(visits.get(key) ?? []), visit]);
        }
      }
    }
  } finally {
    await browser.close();
  }

  const s = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);
  const rows: string[] = [];
  for (const page of PAGES) {
    for (const variant of variants) {
      const list = samples.get(`${variant.name} ${page}`) ?? [];
      const m = (pick: (x: LighthouseSample) => number) => median(list.map(pick));
      const visit = visits.get(`${variant.name} ${page}`) ?? [];
      const bytes = pageBytes.get(variant.name)?.get(page);
      const fontOk = list.filter((x) => x.fonts === 0 || x.fontsBeforeFirstPaint).length;
      const inlineFont = variant.fontInPage && !variant.static;
      const lighthouseFont = variant.static
        ? 'none'
        : inlineFont
          ? `${list.length}/${list.length} (in page)`
          : `${fontOk}/${list.length}`;
      rows.push(
        `| \`${page}\` | ${variant.name} | **${s(m((x) => x.lcpMs))}** | ${s(m((x) => x.fcpMs))} | ${Math.round(m((x) => x.tbtMs))} ms | ${m((x) => x.cls).toFixed(3)} | ${m((x) => x.performance)} | ${list.map((x) => (x.lcpMs / 1000).toFixed(2)).join(' ')} | ${m((x) => x.requestsBeforeLcp)} | ${lighthouseFont} | ${
          variant.static || visit.length === 0
            ? '—'
            : `${visit.filter((v) => v.fontOnFirstPaint).length}/${visit.length}, FCP ${s(median(visit.map((v) => v.fcpMs)))}, hydrated ${s(median(visit.map((v) => v.hydratedMs)))}`
        } | ${bytes ? `${(bytes.br / 1024).toFixed(1)} KB / ${(bytes.css / 1024).toFixed(1)} KB` : '—'} |`,
      );
    }
  }
  const table = [
    '| page | variant | LCP (median) | FCP | TBT | CLS | perf | LCP of each run (s) | requests before LCP | font on first paint (Lighthouse) | slow-4G visit: font on first paint, FCP, hydrated | HTML br / inline CSS |',
    '|---|---|---:|---:|---:|---:|---:|---|---:|---|---|---|',
    ...rows,
  ].join('\n');
  process.stdout.write(`${table}\n`);

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Linux ${os.release()}, Node ${process.version}`;
  const markdown = `## First paint: each lever side by side (\`node bench/first-paint.ts\`)

Written by \`node bench/first-paint.ts\` on ${new Date().toISOString().slice(0, 10)} (${machine}, shared, so only the side-by-side ratios mean much).
One build; one copy per variant, each rewritten by \`scripts/postbuild.ts\` with that variant's rewrites (\`bench/first-paint-variants.ts\`) and served by the
production server (1,000 members seeded). ${SIGNED_IN ? "Signed in: a member's session is stored for each server before the runs (as a returning member's browser holds it). " : ''}Lighthouse 12.8 mobile preset (simulated slow 4G, 4× CPU), median of ${RUNS} runs per page,
runs interleaved across variants. "Requests before LCP" are those that finished before the unthrottled load painted its
largest element: Lighthouse's simulation charges each of them to LCP. "Font on first paint (Lighthouse)": runs in which every
display-font file had arrived before the first paint. The slow-4G visit is real Chromium with DevTools throttling (150 ms, 1.6 Mbit/s,
4× CPU), empty cache, ${VISITS} visit(s) per page: whether the display face was loaded at first paint (with \`optional\` it is then used
for the whole view), and when the app had hydrated. The build keeps \`${VARIANTS.find((v) => v.shipped)?.name}\`.

Variants:
${variants.map((v) => `- **${v.name}**: ${v.description}.`).join('\n')}

${table}
`;
  if (!args['no-write']) {
    writeResultsSection(args.section, markdown);
    log(`wrote the ${args.section} section of bench/RESULTS.md`);
  }
} finally {
  for (const server of servers.values()) await server.stop();
  rmSync(work, { recursive: true, force: true });
}
