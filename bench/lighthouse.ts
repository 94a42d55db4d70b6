/** Lighthouse 12.8 (default mobile preset, simulated throttling) on system Chromium, median of runs. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { testSettings } from '#test/settings.ts';
import { median } from './support.ts';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export interface LighthouseResult {
  readonly path: string;
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly foreignRequests: number;
}

/**
 * One Lighthouse run. A fresh Chromium sometimes fails its first trace (a runtime error, no scores);
 * such a run is repeated, up to twice, and the error is reported.
 */
async function runOnce(port: number, url: string) {
  for (let attempt = 1; ; attempt++) {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = runner?.lhr;
    if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.code ?? 'no result'}`);
    console.warn(`[bench] Lighthouse run failed on ${url} (${lhr?.runtimeError?.code ?? 'no result'}); repeating it`);
  }
}

export async function benchLighthouse(
  baseUrl: string,
  paths: readonly string[],
  runs = 3,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: testSettings.chromiumPath,
    chromeFlags: CHROME_FLAGS,
  });
  const results: LighthouseResult[] = [];
  try {
    for (const path of paths) {
      const samples: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await runOnce(chrome.port, new URL(path, baseUrl).href);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const requests =
          (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
        samples.push({
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          foreignRequests: requests.filter(
            (r) => new URL(r.url).origin !== new URL(baseUrl).origin && !r.url.startsWith('data:'),
          ).length,
        });
      }
      const pick = (key: keyof Omit<LighthouseResult, 'path'>) => median(samples.map((s) => s[key]));
      results.push({
        path,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        foreignRequests: Math.max(...samples.map((s) => s.foreignRequests)),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
