/**
 * The first touch's budget (docs/first-touch.md): how long a page is on screen before the app has
 * started, on a slow phone (4× CPU, slow 4G as DevTools applies Lighthouse's profile), median of
 * runs. For each page: first contentful paint, the moment React took over (`<html data-app>`, set
 * with `hydrateRoot`), the moment the page had hydrated (`data-hydrated`, the app's first effect),
 * and the gaps, on a warm cache (a returning visitor: assets in the HTTP cache) and a cold one.
 * The boot script answers taps in the gap, so nothing is lost; the gap is how long the visitor
 * waits for a held tap's answer.
 *
 *   node bench/dead-window.ts [--runs=5] [--base-url=http://127.0.0.1:3000] [--write]   (after `npm run build`)
 *
 * With --write it also runs Lighthouse on the same pages and writes the `first-touch` section of bench/RESULTS.md.
 *
 * Without --base-url it starts the built server on a fresh database. `npm run bench` runs it too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { slowPhone } from '#test/slow-phone.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { benchLighthouse } from './lighthouse.ts';
import { writeResultsSection } from './results-file.ts';
import { measuredContext, median, startServer } from './support.ts';

export interface DeadWindowResult {
  readonly path: string;
  readonly cache: 'warm' | 'cold';
  readonly fcpMs: number;
  readonly appMs: number;
  readonly hydratedMs: number;
  /** From first paint to React answering events. */
  readonly gapMs: number;
  /** From first paint to the page hydrated. */
  readonly hydratedGapMs: number;
}

interface Sample {
  fcp: number;
  app: number;
  hydrated: number;
}

/** Records, in the page, when <html> gets `data-app` and `data-hydrated` (performance.now() time). */
const RECORD_ATTRIBUTES = () => {
  const marks: Record<string, number> = {};
  (window as unknown as { __marks: Record<string, number> }).__marks = marks;
  // Init scripts run before <html> exists: watch the document, and take the attributes <html> gets.
  new MutationObserver((changes) => {
    for (const change of changes) {
      const name = change.attributeName;
      if (name && change.target === document.documentElement && !(name in marks)) marks[name] = performance.now();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app', 'data-hydrated'] });
};

async function sample(browser: Browser, url: string, session: string | null, warm: boolean): Promise<Sample> {
  const context = await measuredContext(browser, { session, record: RECORD_ATTRIBUTES });
  try {
    const page = await context.newPage();
    if (warm) {
      await page.goto(url);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    }
    await slowPhone(page);
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    return await page.evaluate(() => {
      const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      return { fcp, app: marks['data-app'] ?? Number.NaN, hydrated: marks['data-hydrated'] ?? Number.NaN };
    });
  } finally {
    await context.close();
  }
}

export async function benchDeadWindow(
  baseUrl: string,
  pages: readonly { path: string; signedIn: boolean }[],
  runs = 5,
): Promise<DeadWindowResult[]> {
  const browser = await launchBrowser();
  const results: DeadWindowResult[] = [];
  try {
    const email = `dead-window.${Date.now()}@example.test`;
    const session = JSON.stringify(await signUpAndSignIn(baseUrl, email, 'correct horse battery staple'));
    for (const page of pages) {
      for (const cache of ['warm', 'cold'] as const) {
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i++) {
          samples.push(
            await sample(browser, new URL(page.path, baseUrl).href, page.signedIn ? session : null, cache === 'warm'),
          );
        }
        const pick = (f: (s: Sample) => number) => median(samples.map(f));
        results.push({
          path: page.signedIn ? `${page.path} (signed in)` : page.path,
          cache,
          fcpMs: pick((s) => s.fcp),
          appMs: pick((s) => s.app),
          hydratedMs: pick((s) => s.hydrated),
          gapMs: pick((s) => s.app - s.fcp),
          hydratedGapMs: pick((s) => s.hydrated - s.fcp),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The pages the first-touch issue budgets: `/`, `/auth` and a tutorial page signed in. */
export const DEAD_WINDOW_PAGES = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/projects/line-following-robot', signedIn: true },
] as const;

export function deadWindowTable(results: readonly DeadWindowResult[]): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const rows = results.map((r) =>
    [r.path, r.cache, ms(r.fcpMs), ms(r.appMs), ms(r.hydratedMs), ms(r.gapMs), ms(r.hydratedGapMs)].join(' | '),
  );
  return [
    '| page | cache | FCP | React answers (`data-app`) | hydrated | gap to React | gap to hydrated |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { runs: { type: 'string' }, 'base-url': { type: 'string' }, write: { type: 'boolean', default: false } },
  });
  const runs = Number(values.runs ?? 5);
  let baseUrl = values['base-url'];
  let stop: () => Promise<void> = async () => undefined;
  let dataDir: string | null = null;
  if (!baseUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'roboforge-dead-window-'));
    const server = await startServer({ DATA_DIR: dataDir, SIGNUPS_PER_ADDRESS: '1000' });
    baseUrl = server.baseUrl;
    stop = () => server.stop();
  }
  try {
    const table = deadWindowTable(await benchDeadWindow(baseUrl, DEAD_WINDOW_PAGES, runs));
    // Lighthouse's LCP on the same pages, in the same run, with the same server.
    const lighthouse = [
      ...(await benchLighthouse(baseUrl, ['/', '/auth'], runs)),
      ...(await benchLighthouse(baseUrl, ['/projects/line-following-robot'], runs, { signedIn: true })),
    ];
    const lcp = [
      '| page | Lighthouse performance | LCP | TBT | CLS |',
      '|---|---|---|---|---|',
      ...lighthouse.map(
        (r) =>
          `| ${r.path} | ${r.performance} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} |`,
      ),
    ].join('\n');
    process.stdout.write(`${table}\n\n${lcp}\n`);
    if (values.write) {
      writeResultsSection(
        'first-touch',
        `## The first touch (\`node bench/dead-window.ts --write\`)

Written on ${new Date().toISOString().slice(0, 10)}, median of ${runs} loads per row, 4× CPU and DevTools' slow 4G
(see docs/first-touch.md and decision 014). Taps in the gap are held by the boot script and answered once
React has taken over; the gap is how long a held tap waits, never a lost tap.

${table}

Lighthouse (mobile preset) on the same pages in the same run:

${lcp}
`,
      );
    }
  } finally {
    await stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
