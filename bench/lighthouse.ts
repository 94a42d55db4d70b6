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

export interface LighthouseSample extends LighthouseResult {
  /** The largest-contentful-paint element, as Lighthouse names it. */
  readonly lcpElement: string;
  /** Every `.woff2` request finished before the first paint of the (unthrottled) observed load. */
  readonly fontsBeforeFirstPaint: boolean;
  /** `.woff2` files requested. */
  readonly fonts: number;
  /** Requests that finished before the observed LCP (what the simulation counts), besides the page. */
  readonly requestsBeforeLcp: number;
}

/** Chromium with the bench's flags, for Lighthouse runs on one port. */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: testSettings.chromiumPath,
    chromeFlags: CHROME_FLAGS,
  });
}

/** One Lighthouse mobile run of one page. */
export async function lighthouseSample(port: number, baseUrl: string, path: string): Promise<LighthouseSample> {
  const lhr = await runOnce(port, new URL(path, baseUrl).href);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as
        | { items?: { url: string; networkEndTime?: number; resourceType?: string }[] }
        | undefined
    )?.items ?? [];
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const observedFcp = observed.observedFirstContentfulPaint ?? Number.NaN;
  const observedLcp = observed.observedLargestContentfulPaint ?? Number.NaN;
  const fonts = requests.filter((r) => r.url.endsWith('.woff2'));
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { snippet?: string } }[] }[] }
      | undefined
  )?.items?.[0]?.items;
  return {
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
    lcpElement: (lcpItems?.[0]?.node?.snippet ?? '?').replace(/\s.*/s, '>'),
    fontsBeforeFirstPaint: fonts.every((r) => (r.networkEndTime ?? Number.POSITIVE_INFINITY) <= observedFcp),
    fonts: fonts.length,
    requestsBeforeLcp: requests.filter((r) => (r.networkEndTime ?? Number.POSITIVE_INFINITY) <= observedLcp).length - 1,
  };
}

export function medianResult(path: string, samples: readonly LighthouseResult[]): LighthouseResult {
  const pick = (key: keyof Omit<LighthouseResult, 'path'>) => median(samples.map((s) => s[key]));
  return {
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
  };
}

export async function benchLighthouse(
  baseUrl: string,
  paths: readonly string[],
  runs = 5,
): Promise<LighthouseResult[]> {
  const chrome = await launchChromium();
  const results: LighthouseResult[] = [];
  try {
    for (const path of paths) {
      const samples: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) samples.push(await lighthouseSample(chrome.port, baseUrl, path));
      results.push(medianResult(path, samples));
    }
  } finally {
    chrome.kill();
  }
  return results;
}
