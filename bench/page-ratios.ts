/**
 * Each page's Lighthouse figures beside two references measured in the same run, on the same
 * machine, by the same Chromium: the page's **static limit** (its prerendered HTML with no script,
 * stylesheet link or web font: bench/static-page.ts) and the **previous release's build**. The
 * machine these run on is shared, so absolute scores from different days cannot be compared; the
 * ratios can: a busy moment slows all three builds alike, because every run visits the three in
 * turn (rotating which goes first).
 *
 *   node bench/page-ratios.ts [--runs=5] [--before=<commit>] [--write]   (after `npm run build`)
 *
 * `npm run bench` runs it too (not with BENCH_QUICK) and writes its section of bench/RESULTS.md.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '#test/repository-root.ts';
import { buildBefore } from './first-touch-before-after.ts';
import {
  type LighthouseResult,
  type LighthouseSample,
  launchChromium,
  lighthouseSample,
  medianResult,
  signInChromium,
} from './lighthouse.ts';
import { writeResultsSection } from './results-file.ts';
import { makeStatic } from './static-page.ts';
import { type RunningServer, startServer } from './support.ts';

/**
 * The previous release: the last commit before the performance issue's work (issue 35) began. Move
 * it forward when a release is cut, so "before" is always what visitors had last.
 */
export const PREVIOUS_RELEASE = 'e2e1165~1';

/** The pages the issue sets a score for; the tutorial as a returning member sees it. */
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/about', signedIn: false },
  { path: '/projects/line-following-robot', signedIn: true },
] as const;

const BUILDS = ['static', 'before', 'now'] as const;
type BuildName = (typeof BUILDS)[number];

const log = (message: string) => console.warn(`[page-ratios] ${message}`);

/** A copy of this checkout's build whose pages are their static limit. */
function buildStatic(work: string): string {
  const dir = path.join(work, 'static');
  cpSync(path.join(ROOT, 'build'), path.join(dir, 'build'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  makeStatic(path.join(dir, 'build'));
  return dir;
}

export interface PageRatios {
  readonly path: string;
  readonly signedIn: boolean;
  readonly results: Record<BuildName, LighthouseResult>;
}

export async function measurePageRatios(runs = 5, beforeCommit = PREVIOUS_RELEASE): Promise<PageRatios[]> {
  if (!existsSync(path.join(ROOT, 'build', 'server-app', 'server.js'))) {
    throw new Error('No production build: run `npm run build` first.');
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'roboforge-page-ratios-'));
  const dirs: Record<BuildName, string> = {
    static: buildStatic(work),
    before: buildBefore(beforeCommit).dir,
    now: ROOT,
  };
  const servers = new Map<BuildName, RunningServer>();
  // One Chromium for visitors, one holding a member's session on every build's origin.
  const anonymous = await launchChromium();
  const member = await launchChromium();
  try {
    for (const name of BUILDS) {
      const data = mkdtempSync(path.join(work, `data-${name}-`));
      const server = await startServer({ DATA_DIR: data }, dirs[name]);
      servers.set(name, server);
      await signInChromium(member.port, server.baseUrl);
      log(`${name} ready at ${server.baseUrl}`);
    }
    const samples = new Map<string, LighthouseSample[]>();
    for (let run = 0; run < runs; run++) {
      for (const page of PAGES) {
        const order = BUILDS.map((_, i) => BUILDS[(i + run) % BUILDS.length] as BuildName);
        for (const name of order) {
          const server = servers.get(name) as RunningServer;
          const chrome = page.signedIn ? member : anonymous;
          const sample = await lighthouseSample(chrome.port, server.baseUrl, page.path);
          const key = `${name} ${page.path}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          log(
            `run ${run + 1}/${runs} ${page.path} ${name}: perf ${sample.performance}, TBT ${Math.round(sample.tbtMs)} ms, LCP ${Math.round(sample.lcpMs)} ms`,
          );
        }
      }
    }
    return PAGES.map((page) => ({
      path: page.path,
      signedIn: page.signedIn,
      results: Object.fromEntries(
        BUILDS.map((name) => [name, medianResult(page.path, samples.get(`${name} ${page.path}`) ?? [])]),
      ) as Record<BuildName, LighthouseResult>,
    }));
  } finally {
    anonymous.kill();
    member.kill();
    for (const server of servers.values()) await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** `a ÷ b` to two places, or "—" where the reference is zero (a static page blocks nothing). */
function ratio(a: number, b: number): string {
  return b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}×` : '—';
}

export function pageRatiosMarkdown(pages: readonly PageRatios[], runs: number, beforeCommit: string): string {
  const cell = (r: LighthouseResult) =>
    `${r.performance} / ${(r.lcpMs / 1000).toFixed(2)} s / ${Math.round(r.tbtMs)} ms / ${r.cls.toFixed(3)}`;
  const rows = pages.map(({ path: pathname, signedIn, results: { static: limit, before, now } }) => {
    const label = signedIn ? `\`${pathname}\` (signed in)` : `\`${pathname}\``;
    return `| ${label} | ${cell(limit)} | ${cell(before)} | ${cell(now)} | ${ratio(now.lcpMs, limit.lcpMs)} | ${ratio(now.tbtMs, before.tbtMs)} | ${ratio(now.lcpMs, before.lcpMs)} | ${now.performance - before.performance} |`;
  });
  return `## Each page beside its static limit and the previous release (\`node bench/page-ratios.ts --write\`, in \`npm run bench\`)

Written on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; shared machine).
Lighthouse 12.8 mobile preset (simulated slow 4G, 4× CPU), median of ${runs} runs per page and build, the three builds
visited in turn in every run: **static** is this build's prerendered page with no script, stylesheet link or web font
(the limit of a page that only shows), **before** the previous release (\`${beforeCommit}\`, built once from git),
**now** this checkout. Each build is served by its own production server on a fresh database.
Cells: performance / LCP / TBT / CLS.

| page | static | before | now | LCP now ÷ static | TBT now ÷ before | LCP now ÷ before | perf now − before |
|---|---|---|---|---:|---:|---:|---:|
${rows.join('\n')}
`;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      before: { type: 'string', default: PREVIOUS_RELEASE },
      runs: { type: 'string', default: '5' },
      write: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const text = pageRatiosMarkdown(await measurePageRatios(runs, values.before), runs, values.before);
  process.stdout.write(`${text}\n`);
  if (values.write) writeResultsSection('page-ratios', text);
}
