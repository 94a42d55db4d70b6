/** Lighthouse 12.8 (default mobile preset, simulated throttling) on system Chromium, median of runs. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';
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
  { signedIn = false }: { signedIn?: boolean } = {},
): Promise<LighthouseResult[]> {
  const chrome = await launchChromium();
  const results: LighthouseResult[] = [];
  try {
    if (signedIn) await signInChromium(chrome.port, baseUrl);
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

/** Sends one DevTools command over a page target's socket and waits for its answer. */
function cdpCommand(socket: WebSocket, id: number, method: string, params: Record<string, unknown>) {
  return new Promise<unknown>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      if (message.id !== id) return;
      socket.removeEventListener('message', onMessage);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
    };
    socket.addEventListener('message', onMessage);
    socket.send(JSON.stringify({ id, method, params }));
  });
}

/**
 * Signs a new member in on the Chromium at `port`, as a returning member's browser is: their
 * session stored for `baseUrl`'s origin. Lighthouse's default storage reset keeps localStorage
 * (it clears caches, service workers and file systems), so every later run there is signed in.
 */
export async function signInChromium(port: number, baseUrl: string): Promise<void> {
  const email = `lighthouse.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`;
  const session = JSON.stringify(await signUpAndSignIn(baseUrl, email, 'correct horse battery staple'));

  // A document of the origin without the app (its icon), where the session is written to localStorage.
  const target = (await (
    await fetch(`http://127.0.0.1:${port}/json/new?${new URL('/favicon.svg', baseUrl).href}`, { method: 'PUT' })
  ).json()) as { id: string; webSocketDebuggerUrl: string };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  try {
    // The new tab may still show about:blank: wait until the origin's document has loaded.
    const origin = new URL(baseUrl).origin;
    let id = 0;
    const evaluate = async (expression: string) =>
      (
        (await cdpCommand(socket, ++id, 'Runtime.evaluate', { expression, returnByValue: true })) as {
          result: { value?: unknown };
        }
      ).result.value;
    // While it navigates there may be no context to evaluate in at all: that is asked again too.
    const loaded = () =>
      evaluate(`location.origin+' '+document.readyState`).then(
        (state) => state === `${origin} complete`,
        () => false,
      );
    for (let attempt = 0; !(await loaded()); attempt++) {
      if (attempt === 100) throw new Error(`the session page did not load on ${origin}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const key = JSON.stringify(SESSION_STORAGE_KEY);
    await evaluate(`localStorage.setItem(${key},${JSON.stringify(session)})`);
    if ((await evaluate(`localStorage.getItem(${key})`)) !== session) throw new Error('the session was not stored');
  } finally {
    socket.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
  }
}
