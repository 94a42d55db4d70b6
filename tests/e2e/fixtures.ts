import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './browser.ts';

/** The production server started by global-setup.ts, and an address on it. */
export const baseUrl = inject('baseUrl');
export const url = (route: string) => new URL(route, baseUrl).href;

/** One Chromium per spec file: launched before its tests, closed after them. */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('Chromium is not running yet: call this inside a test');
    return browser;
  };
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A page that records console errors and uncaught exceptions, so a test can insist on none. */
export interface WatchedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly errors: string[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  options: { width?: number; theme?: 'light' | 'dark'; reducedMotion?: boolean } = {},
): Promise<WatchedPage> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  if (options.theme) {
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme);
  }
  const page = await context.newPage();
  // Every navigation in these tests waits for hydration, so the first click reaches React.
  const goto = page.goto.bind(page);
  page.goto = async (target, navigationOptions) => {
    const response = await goto(target, navigationOptions);
    await waitForHydration(page);
    return response;
  };
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors, close: () => context.close() };
}

export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

let accountCounter = 0;

/** Creates an account through the API and returns its session JSON, as the app stores it. */
export async function createSession(baseUrl: string, email = `e2e${++accountCounter}.${Date.now()}@example.test`) {
  const password = 'e2e-password-123';
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/signup', { email, password });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const signIn = await post('/api/auth/token?grant_type=password', { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return { email, password, sessionJson: await signIn.text() };
}

/** A page whose browser already holds a fresh account's session (like a returning member). */
export async function openSignedInPage(
  browser: Browser,
  baseUrl: string,
  options: Parameters<typeof openPage>[1] = {},
): Promise<WatchedPage & { email: string }> {
  const { email, sessionJson } = await createSession(baseUrl);
  const watched = await openPage(browser, options);
  await watched.context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('roboforge.auth.session', value);
      sessionStorage.setItem('seeded', '1');
    }
  }, sessionJson);
  return { ...watched, email };
}

/** Waits until React has hydrated the page, so buttons that need JavaScript respond. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
