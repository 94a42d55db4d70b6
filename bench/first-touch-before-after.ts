/**
 * The first touch before and after decision 014, side by side in one run: the build as it was when
 * the issue was filed (commit `e7b8277`, the last before the first-touch work) and the build in
 * this checkout, each served by its own production server on its own fresh database, measured in
 * turn by the same browser on the same machine, so the comparison holds however busy the machine is.
 *
 *   node bench/first-touch-before-after.ts [--before=e7b8277] [--runs=5] [--write]   (after `npm run build`)
 *
 * `npm run bench` runs it too (not with BENCH_QUICK) and writes its section of bench/RESULTS.md.
 *
 * The earlier build is made once in a folder under the system's temporary directory
 * (`git archive` of that commit, `npm ci`, `npm run build`) and reused by later runs.
 *
 * For each build, at 4× CPU and slow 4G (tests/support/slow-phone.ts), cold cache, median of runs:
 * - first contentful paint, and the moment React has attached its handlers to the header's theme
 *   button (read the same way from both builds: the button's `__reactProps$…` key appears);
 * - the theme button tapped the moment it shows: does the page end in the other theme?
 * - on `/auth`, a login typed and sent the moment the form shows: is the password ever in the
 *   address, and is the visitor signed in afterwards without another click?
 * - Lighthouse (mobile preset) on `/`, `/auth` and a tutorial page, and each page's HTML as sent
 *   (brotli), which must fit TCP's first window (14,600 bytes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '#test/repository-root.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { slowPhone } from '#test/slow-phone.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { benchLighthouse, type LighthouseResult } from './lighthouse.ts';
import { writeResultsSection } from './results-file.ts';
import { measuredContext, median, PHONE_VIEWPORT, type RunningServer, startServer } from './support.ts';

const BEFORE_COMMIT = 'e7b8277';
const FIRST_WINDOW_BYTES = 14_600;
// No character a form or URL encodes, so the password is found in an address as it was typed.
const PASSWORD = 'SuperSecret99bench';
const PAGES = ['/', '/auth', '/projects/line-following-robot'] as const;

export interface Build {
  readonly name: 'before' | 'now';
  readonly dir: string;
}

interface LoadSample {
  fcp: number;
  attached: number;
}

/** Records, in the page, when React first attaches its props to the theme button (performance.now()). */
const RECORD_ATTACHED = () => {
  const marks = { attached: Number.NaN };
  (window as unknown as { __marks: typeof marks }).__marks = marks;
  const check = () => {
    const button = document.querySelector('[data-theme-toggle]');
    if (button && Object.keys(button).some((key) => key.startsWith('__reactProps$'))) {
      marks.attached = performance.now();
      return;
    }
    setTimeout(check, 10);
  };
  check();
};

/** The earlier build, made once and kept under the temporary directory. */
export function buildBefore(commit: string): Build {
  const sha = execFileSync('git', ['rev-parse', '--short=12', commit], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `roboforge-build-${sha}`);
  if (!existsSync(path.join(dir, 'build', 'server-app', 'server.js'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`building ${sha} in ${dir} (once)\n`);
    execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${sha} | tar -x -C "${dir}"`], { stdio: 'inherit' });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return { name: 'before', dir };
}

/** The header's theme button is in the menu on a phone: tapped on a laptop's screen, with the phone's CPU and network. */
const LAPTOP = { width: 1280, height: 800 };

/** Both builds keep the session under the same key, so one context serves both. */
async function newPhonePage(browser: Browser, session: string | null, viewport = PHONE_VIEWPORT) {
  const context = await measuredContext(browser, { session, record: RECORD_ATTACHED, viewport });
  const page = await context.newPage();
  await slowPhone(page);
  return { context, page };
}

const marks = (page: Page) =>
  page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    attached: (window as unknown as { __marks: { attached: number } }).__marks.attached,
  }));

/**
 * Waits until React is attached in the page's current document, through any navigation under way.
 * On a busy machine a cold load at 4× CPU and slow 4G has taken over a minute: the wait is long,
 * and a load that still never attaches is measured again (loadSample) rather than ending the run.
 */
async function waitForAttached(page: Page) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const attached = await page
      .evaluate(() => !Number.isNaN((window as unknown as { __marks: { attached: number } }).__marks.attached))
      .catch(() => false); // a document being replaced has no context to ask
    if (attached) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`React never attached on ${page.url()}`);
}

/** First paint and React attaching, on a cold load; a load that never attached is tried once more. */
async function loadSample(browser: Browser, url: string, session: string | null): Promise<LoadSample> {
  try {
    return await loadOnce(browser, url, session);
  } catch (error) {
    console.warn(`[first-touch] ${(error as Error).message}; loading it again`);
    return await loadOnce(browser, url, session);
  }
}

async function loadOnce(browser: Browser, url: string, session: string | null): Promise<LoadSample> {
  const { context, page } = await newPhonePage(browser, session);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await waitForAttached(page);
    return await marks(page);
  } finally {
    await context.close();
  }
}

/** The theme button tapped the moment it shows: true when the page ends in the other theme. */
async function themeTapKept(browser: Browser, url: string): Promise<boolean> {
  const { context, page } = await newPhonePage(browser, null, LAPTOP);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.locator('[data-theme-toggle]').first();
    await button.waitFor({ state: 'visible', timeout: 60_000 });
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await button.click({ noWaitAfter: true });
    await waitForAttached(page);
    await page.waitForTimeout(2_000); // any replay of a held tap has long happened by then
    return (await page.evaluate(() => document.documentElement.classList.contains('dark'))) !== dark;
  } finally {
    await context.close();
  }
}

interface LoginSample {
  /** The password was in the address at some point. */
  leaked: boolean;
  /** The visitor left /auth signed in, with the one click. */
  signedIn: boolean;
}

/** A login typed and sent the moment the form shows, on `/auth`. */
async function loginSample(browser: Browser, baseUrl: string, email: string): Promise<LoginSample> {
  const { context, page } = await newPhonePage(browser, null);
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  page.on('request', (r) => addresses.push(r.url()));
  try {
    await page.goto(new URL('/auth', baseUrl).href, { waitUntil: 'commit' });
    const form = page
      .locator('form')
      .filter({ has: page.locator('input[type="password"]') })
      .first();
    await form.locator('input[type="email"]').fill(email, { timeout: 60_000 });
    await form.locator('input[type="password"]').fill(PASSWORD);
    await form.locator('button[type="submit"]').click({ noWaitAfter: true });
    // The earlier build's native GET loads /auth again, whose app then starts afresh: wait for it either way.
    await waitForAttached(page);
    await page.waitForTimeout(3_000);
    await waitForAttached(page);
    const signedIn = !new URL(page.url()).pathname.startsWith('/auth');
    return { leaked: addresses.some((address) => address.includes(PASSWORD)), signedIn };
  } finally {
    await context.close();
  }
}

/** The page's HTML as the server sends it with brotli, in bytes. */
function htmlBytes(baseUrl: string, pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(pathname, baseUrl), { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    });
    req.on('error', reject);
    req.end();
  });
}

interface BuildResult {
  readonly build: Build['name'];
  readonly loads: Record<string, { fcp: number; attached: number; gap: number }>;
  readonly themeTapsKept: number;
  readonly loginsLeaked: number;
  readonly loginsCompleted: number;
  readonly lighthouse: LighthouseResult[];
  readonly htmlBytes: Record<string, number>;
}

async function measure(builds: readonly Build[], runs: number): Promise<BuildResult[]> {
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  const browser = await launchBrowser();
  try {
    for (const build of builds) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `roboforge-first-touch-${build.name}-`));
      dataDirs.push(dataDir);
      servers.push(await startServer({ DATA_DIR: dataDir, SIGNUPS_PER_ADDRESS: '1000' }, build.dir));
    }
    const accounts = await Promise.all(
      servers.map(async (server, i) => {
        const email = `first-touch.${builds[i]?.name}.${Date.now()}@example.test`;
        return { email, session: JSON.stringify(await signUpAndSignIn(server.baseUrl, email, PASSWORD)) };
      }),
    );
    const loads = builds.map(() => new Map<string, LoadSample[]>());
    const themeKept = builds.map(() => 0);
    const logins = builds.map(() => ({ leaked: 0, completed: 0 }));
    // Interleaved: each run measures every build in turn, so a busy moment of the machine falls on both.
    for (let run = 0; run < runs; run++) {
      for (const [i, server] of servers.entries()) {
        const account = accounts[i] as { email: string; session: string };
        for (const pathname of PAGES) {
          const session = pathname.startsWith('/projects/') ? account.session : null;
          const samples = loads[i]?.get(pathname) ?? [];
          samples.push(await loadSample(browser, new URL(pathname, server.baseUrl).href, session));
          loads[i]?.set(pathname, samples);
        }
        if (await themeTapKept(browser, new URL('/', server.baseUrl).href)) themeKept[i] = (themeKept[i] ?? 0) + 1;
        const login = await loginSample(browser, server.baseUrl, account.email);
        const tally = logins[i] as { leaked: number; completed: number };
        if (login.leaked) tally.leaked++;
        if (login.signedIn) tally.completed++;
      }
    }
    const results: BuildResult[] = [];
    for (const [i, server] of servers.entries()) {
      const lighthouse = [
        ...(await benchLighthouse(server.baseUrl, ['/', '/auth'], runs)),
        ...(await benchLighthouse(server.baseUrl, ['/projects/line-following-robot'], runs, { signedIn: true })),
      ];
      const bytes: Record<string, number> = {};
      for (const pathname of [...PAGES, '/about', '/people', '/no-such-page']) {
        bytes[pathname] = await htmlBytes(server.baseUrl, pathname);
      }
      const byPage: BuildResult['loads'] = {};
      for (const [pathname, samples] of loads[i] ?? []) {
        byPage[pathname] = {
          fcp: median(samples.map((s) => s.fcp)),
          attached: median(samples.map((s) => s.attached)),
          gap: median(samples.map((s) => s.attached - s.fcp)),
        };
      }
      results.push({
        build: (builds[i] as Build).name,
        loads: byPage,
        themeTapsKept: themeKept[i] ?? 0,
        loginsLeaked: logins[i]?.leaked ?? 0,
        loginsCompleted: logins[i]?.completed ?? 0,
        lighthouse,
        htmlBytes: bytes,
      });
    }
    return results;
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(results: readonly BuildResult[], runs: number, beforeSha: string): string {
  const [before, now] = results as [BuildResult, BuildResult];
  const ms = (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? '—' : `${Math.round(value)} ms`;
  const kb = (bytes: number | undefined) => `${((bytes ?? 0) / 1000).toFixed(1)} KB`;
  const rows: string[] = [];
  for (const pathname of PAGES) {
    const label = pathname.startsWith('/projects/') ? `${pathname} (signed in)` : pathname;
    const b = before.loads[pathname];
    const n = now.loads[pathname];
    rows.push(
      `| ${label} | ${ms(b?.fcp)} / ${ms(b?.attached)} / ${ms(b?.gap)} | ${ms(n?.fcp)} / ${ms(n?.attached)} / ${ms(n?.gap)} |`,
    );
  }
  const lighthouseRows = before.lighthouse.map((b, i) => {
    const n = now.lighthouse[i] as LighthouseResult;
    const cell = (r: LighthouseResult) =>
      `${r.performance} / ${(r.lcpMs / 1000).toFixed(2)} s / ${Math.round(r.tbtMs)} ms / ${r.cls.toFixed(3)}`;
    return `| ${b.path} | ${cell(b)} | ${cell(n)} |`;
  });
  const byteRows = Object.keys(now.htmlBytes).map((pathname) => {
    const fits = (bytes: number | undefined) => `${kb(bytes)}${(bytes ?? 0) <= FIRST_WINDOW_BYTES ? '' : ' **over**'}`;
    return `| ${pathname} | ${fits(before.htmlBytes[pathname])} | ${fits(now.htmlBytes[pathname])} |`;
  });
  return `## The first touch, before and after (\`node bench/first-touch-before-after.ts --write\`, in \`npm run bench\`)

Written on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}).
**before** is the build of \`${beforeSha}\`, the last commit before the first-touch work (issue 22); **now** is this
checkout's build. Both served by their own production server on a fresh database and measured in turn by the same
Chromium, ${runs} runs each, interleaved; 4× CPU and DevTools' slow 4G, cold cache. "Attached" is read the same way in
both builds: the moment React's handlers are on the header's theme button.

| what a quick visitor does | before | now |
|---|---|---|
| taps the theme button the moment it shows: the theme changes | ${before.themeTapsKept} of ${runs} | ${now.themeTapsKept} of ${runs} |
| sends a login the moment the form shows: the password is in an address | ${before.loginsLeaked} of ${runs} | ${now.loginsLeaked} of ${runs} |
| … and is signed in with that one click | ${before.loginsCompleted} of ${runs} | ${now.loginsCompleted} of ${runs} |

First contentful paint / React attached / the gap between them (median):

| page | before | now |
|---|---|---|
${rows.join('\n')}

Lighthouse (mobile preset, median of ${runs}) performance / LCP / TBT / CLS, the two builds in the same run:

| page | before | now |
|---|---|---|
${lighthouseRows.join('\n')}

Each page's HTML as sent (brotli); TCP's first window is ${FIRST_WINDOW_BYTES.toLocaleString('en')} bytes (10 segments):

| page | before | now |
|---|---|---|
${byteRows.join('\n')}
`;
}

/** Builds the earlier commit (once), measures both builds side by side, and returns the section's markdown. */
export async function firstTouchBeforeAfter(runs = 5, beforeCommit = BEFORE_COMMIT): Promise<string> {
  if (!existsSync(path.join(ROOT, 'build', 'server-app', 'server.js'))) {
    throw new Error('No production build: run `npm run build` first.');
  }
  const before = buildBefore(beforeCommit);
  return markdown(await measure([before, { name: 'now', dir: ROOT }], runs), runs, beforeCommit);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      before: { type: 'string', default: BEFORE_COMMIT },
      runs: { type: 'string', default: '5' },
      write: { type: 'boolean', default: false },
    },
  });
  const text = await firstTouchBeforeAfter(Number(values.runs), values.before);
  process.stdout.write(`${text}\n`);
  if (values.write) writeResultsSection('first-touch-before-after', text);
}
