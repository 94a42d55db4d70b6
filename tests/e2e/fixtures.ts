import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import type {
  Browser,
  BrowserContext,
  Locator,
  LocatorScreenshotOptions,
  Page,
  PageScreenshotOptions,
} from 'playwright-core';
import { test as baseTest, expect, inject } from 'vitest';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { THEME_STORAGE_KEY } from '../../src/shared/constants.ts';
import { PERSONAL_CACHE_NAME } from '../../src/shared/offline.ts';
import { launchBrowser } from './browser.ts';

/** The production server started by global-setup.ts, and an address on it. */
export const baseUrl = inject('baseUrl');
export const url = (route: string) => new URL(route, baseUrl).href;
/** /auth as a members-only page sends a signed-out visitor there: naming the page to return to (product §2). */
export const authUrlReturningTo = (route: string) => url(`/auth?next=${encodeURIComponent(route)}`);

/**
 * `test` with a `browser`: one Chromium per spec file, launched when a test first asks for it and
 * closed after the file's last test.
 */
export const test = baseTest.extend(
  'browser',
  { scope: 'file' },
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern; Chromium has none.
  async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  },
);

/** `npm run admin -- promote|demote|teacher <email>` against the test server's database, as an operator runs it. */
export function adminCli(command: 'promote' | 'demote' | 'teacher', email: string): string {
  return execFileSync(process.execPath, ['scripts/admin.ts', command, email], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  }).trim();
}

/** The server's SQLite database, for a test that adds or removes rows behind its back. Close it after use. */
export function openServerDatabase(): DatabaseSync {
  return new DatabaseSync(path.join(inject('dataDir'), 'roboforge.sqlite'));
}

/**
 * The looks a page's axe check and screenshots are taken in: each theme once and each width once.
 * The themes differ only in colour (site.css: one layout over two sets of colour tokens) and the
 * widths only in layout, so these two cover what the four pairs did, in half the time: the
 * four-way matrices were 180 s of the classes file and 150 s of the club file in a run of about
 * 20 minutes (issue 35). A colour fault shown only at one width in one theme is the gap left.
 */
export const LOOKS = [
  { theme: 'dark', width: 375 },
  { theme: 'light', width: 1280 },
] as const;
export type Look = (typeof LOOKS)[number];

/** The window of a page opened at `width`, as openPage sizes it. */
const viewportOf = (width: number) => ({ width, height: width < 500 ? 812 : 900 });

/**
 * Runs `check` on the page as it is, in each of the LOOKS, without loading it again: the window
 * resized (the layout is CSS alone, but for the code's wrap, chosen when the code first shows:
 * code-wrap.ts) and the theme switched as a choice made in another tab arrives (theme-store.ts).
 * One load and one journey to the state for both looks, where a load per look paid them twice
 * (issue 35). The page is left in the last look, which the context's next loads keep.
 */
export async function inEachLook(page: Page, check: (look: Look) => Promise<void>): Promise<void> {
  // Colours switch at once while the looks are checked: an element eased into the new theme (its
  // colour transition, started only when something first reads its style, as axe does) showed axe
  // colours halfway between the two.
  const instant = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important }' });
  for (const look of LOOKS) {
    await page.setViewportSize(viewportOf(look.width));
    await page.evaluate(
      ([key, theme]) => {
        localStorage.setItem(key, theme);
        document.documentElement.classList.toggle('dark', theme === 'dark');
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: theme }));
      },
      [THEME_STORAGE_KEY, look.theme] as const,
    );
    // The layout of the new width, before anything measures or checks it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await check(look);
  }
  await instant.evaluate((style) => style.parentNode?.removeChild(style));
}

/**
 * Saves a screenshot for people to look at (`SCREENSHOTS=1 npm run test:e2e`, docs/tests.md):
 * nothing checks them, and a full-page PNG costs a loaded machine a second or more, so a plain run
 * takes none.
 */
export async function lookAt(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions & { path: string },
): Promise<void> {
  if (!testSettings.screenshots) return;
  mkdirSync(path.dirname(options.path), { recursive: true });
  await target.screenshot(options);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A page that records console errors and uncaught exceptions, so a test can insist on none. */
interface WatchedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly errors: string[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  options: {
    width?: number;
    theme?: 'light' | 'dark';
    reducedMotion?: boolean;
    /**
     * The offline app's service worker (product D15) is blocked unless a test asks for it: a page
     * it controls sends its requests through it, out of reach of `page.route`, which other specs
     * use to fake failures. tests/e2e/offline.test.ts runs with it.
     */
    serviceWorkers?: 'allow' | 'block';
    /** `false`: `goto` returns as soon as Playwright's `waitUntil` is met, for a test of the page before the app starts. */
    waitForApp?: boolean;
  } = {},
): Promise<WatchedPage> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    viewport: viewportOf(width),
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  if (options.theme) {
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme);
  }
  const page = await context.newPage();
  // Every navigation in these tests waits for hydration, so the first click reaches React.
  if (options.waitForApp !== false) {
    const goto = page.goto.bind(page);
    page.goto = async (target, navigationOptions) => {
      const response = await goto(target, navigationOptions);
      await waitForHydration(page);
      return response;
    };
  }
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors, close: () => context.close() };
}

export async function expectNoAxeViolations(page: Page, label: string) {
  // A toast or panel still fading in has, for that moment, less contrast than it will have:
  // axe measures the page at rest, after every finite animation and transition has ended.
  // Only running ones, and for 3 s at most: a paused animation (a section off screen) never ends.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

let accountCounter = 0;
/** The password of every account the fixtures make. */
export const PASSWORD = 'e2e-password-123';

/** Creates an account through the API and returns its session JSON, as the app stores it. */
export async function createSession(email = `e2e${++accountCounter}.${Date.now()}@example.test`) {
  return { email, password: PASSWORD, sessionJson: JSON.stringify(await signUpAndSignIn(baseUrl, email, PASSWORD)) };
}

/** A page whose browser already holds a fresh account's session (like a returning member). */
export async function openSignedInPage(
  browser: Browser,
  options: Parameters<typeof openPage>[1] = {},
): Promise<WatchedPage & { email: string }> {
  const { email, sessionJson } = await createSession();
  const watched = await openPage(browser, options);
  await seedSession(watched.context, sessionJson);
  return { ...watched, email };
}

/**
 * The same member on another browser: a page with a session of its own for an account made by
 * openSignedInPage (or, with its `password`, any other).
 */
export async function openSignedInPageAs(
  browser: Browser,
  email: string,
  options: Parameters<typeof openPage>[1] = {},
  password = PASSWORD,
): Promise<WatchedPage> {
  const signIn = await fetch(new URL('/api/auth/token?grant_type=password', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const watched = await openPage(browser, options);
  await seedSession(watched.context, await signIn.text());
  return watched;
}

/** Stores the session before the first page loads, as a returning member's browser holds it. */
async function seedSession(context: BrowserContext, sessionJson: string): Promise<void> {
  await context.addInitScript((value) => {
    // The site's pages only: a frame of another site (the video player) may not even read its storage.
    if (window !== window.top) return;
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('roboforge.auth.session', value);
      sessionStorage.setItem('seeded', '1');
    }
  }, sessionJson);
}

/** Waits until React has hydrated the page, so buttons that need JavaScript respond. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** The service worker controls the page, and the member's own reads are kept for offline. */
export async function waitForOfflineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
  await expect
    .poll(
      () =>
        page.evaluate(async (cacheName) => {
          const cache = await caches.open(cacheName);
          return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
        }, PERSONAL_CACHE_NAME),
      // The worker installs (precaching the app) before it keeps these: beside another e2e file that took 15 s and more.
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['/api/account', '/api/bookmarks', '/api/progress']));
}
