import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { findProjectBySlug } from '#shared/content/projects.ts';
import { numberedSteps } from '#shared/content/steps.ts';
import { tutorialPath } from '#shared/routes.ts';
import { type Session, sessionSchema } from '#shared/schemas/auth.ts';
import { addLearners, createClass } from '#test/classes.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { slowPhone } from '#test/slow-phone.ts';
import { HELD_INPUT_REPLAYED_MARK } from '#web/lib/held-input.ts';
import {
  adminCli,
  baseUrl,
  openPage,
  openSignedInPage,
  openSignedInPageAs,
  PASSWORD,
  test,
  url,
  waitForHydration,
} from './fixtures.ts';

/*
 * The first second after paint (docs/first-touch.md): a prerendered page is on screen before the
 * app has started. Whatever a visitor taps or types then must neither be lost nor leak.
 */

/**
 * Holds every request for the app's JavaScript until `release()`: the page as a visitor sees it
 * between its first paint and the app's start, for as long as the test needs.
 */
async function holdTheApp(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^?]+\.js$/, (route) => (released ? route.continue() : held.push(route)));
  return {
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
      await waitForHydration(page);
    },
  };
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

let accounts = 0;
async function newAccount(): Promise<string> {
  const email = `first-touch${++accounts}.${Date.now()}@example.test`;
  await signUpAndSignIn(baseUrl, email, PASSWORD);
  return email;
}

/** A fresh session for an account, over HTTP, as another device of its owner would sign in. */
async function signInOverHttp(email: string): Promise<Session> {
  const response = await fetch(url('/api/auth/token?grant_type=password'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return sessionSchema.parse(await response.json());
}

interface LayoutShift {
  /** When, in milliseconds from the start of the page's load. */
  readonly at: number;
  /** How far, as the Layout Instability API scores it. */
  readonly value: number;
  /** Right after a tap or a key (Chromium leaves these out of CLS): the visitor's own doing. */
  readonly afterInput: boolean;
  /** What moved, and from where to where in the viewport (x,y width×height). */
  readonly moved: readonly string[];
}

/**
 * Records every layout shift of the context's pages from their first paint (the Layout Instability
 * API), for `layoutJumps`.
 */
async function watchLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    interface Entry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.id ? `#${node.id}` : '';
      const label = (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}${id}.${String(node.className).split(' ')[0]} "${label}"`;
    };
    const shifts: unknown[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          afterInput: entry.hadRecentInput,
          moved: (entry.sources ?? []).map(
            (source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The layout shifts no tap or key explains, between `from` and `to` (indexes into the page's list,
 * from `shiftCount`): what the visitor sees jump on its own, as content arrives or the app takes over.
 */
async function layoutJumps(page: Page, from = 0, to?: number): Promise<LayoutShift[]> {
  const { shifts, replays } = await page.evaluate((mark) => {
    const recorded = (window as unknown as { __shifts: LayoutShift[] }).__shifts;
    return { shifts: recorded, replays: performance.getEntriesByName(mark).map((entry) => entry.startTime) };
  }, HELD_INPUT_REPLAYED_MARK);
  // A tap held before the app (or the steps) started is sent by the app later, as a synthetic event the
  // browser does not count as input: what moves within 500 ms of that (Chromium's window after a real
  // tap) is the visitor's doing too, as it would have been had the tap been answered at once.
  const afterHeldTap = (at: number) => replays.some((replayedAt) => at >= replayedAt && at - replayedAt <= 500);
  return shifts.slice(from, to).filter((shift) => !shift.afterInput && !afterHeldTap(shift.at) && shift.value >= 0.001);
}

const shiftCount = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts.length);

/** Whether the element's top is on screen (below the fixed header). */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    return top >= 60 && top < window.innerHeight;
  });

/** The browser's print dialog, which a headless browser cannot show, counted instead. */
async function countPrints(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.assign(window, { __printed: 0 });
    window.print = () =>
      Object.assign(window, { __printed: (window as unknown as { __printed: number }).__printed + 1 });
  });
  return (page: Page) => page.evaluate(() => (window as unknown as { __printed: number }).__printed);
}

/** The privacy-enhanced player, answered here: the machines that run the tests reach no other site. */
const standInPlayer = (context: BrowserContext) =>
  context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>video</title>' }),
  );

/**
 * Web Serial whose port chooser the visitor closes without choosing (a test cannot drive Chromium's):
 * counts how often the page asked for a port.
 */
async function countPortRequests(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.assign(window, { __portRequests: 0 });
    Object.defineProperty(navigator, 'serial', {
      value: {
        requestPort: () => {
          Object.assign(window, {
            __portRequests: (window as unknown as { __portRequests: number }).__portRequests + 1,
          });
          return Promise.reject(new DOMException('No port selected by the user.', 'NotFoundError'));
        },
      },
    });
  });
  return (page: Page) => page.evaluate(() => (window as unknown as { __portRequests: number }).__portRequests);
}

const SLUG = 'plant-watering-robot';
const TUTORIAL = tutorialPath(SLUG);
const project = findProjectBySlug(SLUG);
if (!project) throw new Error(`${SLUG} is missing from the catalog`);
const STEPS = numberedSteps(project);

/** A member who has done the first `done` steps of the tutorial (the page opens at the next one). */
async function memberPartWay(done: number): Promise<string> {
  const email = await newAccount();
  const { access_token } = await signInOverHttp(email);
  for (const step of STEPS.slice(0, done)) {
    const response = await fetch(url(`/api/progress/${project?.id}/steps/${step.index}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${access_token}` },
    });
    if (!response.ok) throw new Error(`tick failed: ${response.status}`);
  }
  return email;
}

/**
 * Holds the member's ticks (`GET /api/progress`, answered by the server all the same) until the
 * returned function is called: the network slower for them than for the page's code.
 */
async function holdTheTicks(context: BrowserContext) {
  const held: Route[] = [];
  let released = false;
  await context.route('**/api/progress', (route) => (released ? route.continue() : held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

/** What the page says once the member's ticks are in. */
const progressLine = (page: Page, done: number) => page.getByText(`${done} of ${STEPS.length} steps done`);

/** A teacher made with the command line, and their class with learners and their secret words. */
async function aClass(names: readonly string[]) {
  const email = await newAccount();
  adminCli('teacher', email);
  const teacher = await signInOverHttp(email);
  const klass = await createClass({ baseUrl }, teacher, `First touch ${accounts}`);
  const learners = await addLearners({ baseUrl }, teacher, klass.id, names);
  return { email, klass, learners };
}

/** The server's log (every request, as in production) once it has written the line `waitFor` names. */
async function serverLogWith(waitFor: string): Promise<string> {
  const read = () => readFileSync(inject('serverLog'), 'utf8');
  await expect.poll(() => read().includes(waitFor), { timeout: 5000 }).toBe(true);
  return read();
}

/** Every way a URL can spell the secret words: as typed, and encoded as a query or a form would. */
const spellings = (secret: string) => [secret, encodeURIComponent(secret), secret.replaceAll(' ', '+')];

describe('the first second after paint', () => {
  test('a login sent before the app starts keeps the password out of every URL and request, and completes with that one click', async ({
    browser,
  }) => {
    const email = await newAccount();
    const { page, errors, close } = await openPage(browser, { waitForApp: false });
    const app = await holdTheApp(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(url('/auth'), { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();

    // Held, not sent: the page stays as it is and the button says it is working.
    await expect.poll(() => login.getAttribute('aria-busy')).toBe('true');
    expect(page.url()).toBe(url('/auth'));
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD);

    await app.release();
    await page.getByText('Welcome back!').waitFor();
    await page.waitForURL(url('/'));
    const leaks = requested.filter((address) => address.includes(PASSWORD) || /[?&]password=/.test(address));
    expect(leaks).toEqual([]);
    // Back goes to the login page as it was, not to an address holding the password.
    await page.goBack();
    expect(page.url()).toBe(url('/auth'));
    expect(errors).toEqual([]);
    await close();
  });

  test('what was typed before the app started is still there once it has, and one click signs in', async ({
    browser,
  }) => {
    const email = await newAccount();
    const { page, errors, close } = await openPage(browser, { waitForApp: false });
    const app = await holdTheApp(page);
    await page.goto(url('/auth'), { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await app.release();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(url('/'));
    expect(errors).toEqual([]);
    await close();
  });

  test('the menu, theme and sound controls answer before the app starts, and the app takes over their state', async ({
    browser,
  }) => {
    const { page, errors, close } = await openPage(browser, { width: 375, waitForApp: false });
    const app = await holdTheApp(page);
    await page.goto(url('/about'), { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('button', { name: 'Close menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('banner').getByRole('link', { name: 'People' }).waitFor();

    expect(await isDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await isDark(page)).toBe(false);
    const sound = page.getByRole('button', { name: 'Sound effects and music' });
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('false');

    await app.release();
    // The app shows what the visitor chose, with no flicker back…
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('sound'))).toBe('off');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // …and one more click each does the next thing.
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark(page)).toBe(true);
    await sound.click();
    await expect.poll(() => sound.getAttribute('aria-pressed')).toBe('true');
    await menu.click();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'People' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  test('on a slow phone every control works when tapped the moment it shows', async ({ browser }) => {
    for (const route of ['/', '/auth', '/people']) {
      const { page, errors, close } = await openPage(browser, { width: 375, waitForApp: false });
      await slowPhone(page);
      await page.goto(url(route), { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Switch to light theme' }).click({ timeout: 2000 });
      expect(await isDark(page), route).toBe(false);
      const sound = page.getByRole('button', { name: 'Sound effects and music' });
      await sound.click();
      expect(await sound.getAttribute('aria-pressed'), route).toBe('false');
      await waitForHydration(page);
      expect(await isDark(page), route).toBe(false);
      expect(await sound.getAttribute('aria-pressed'), route).toBe('false');
      expect(errors, route).toEqual([]);
      await close();
    }
  });

  test('a tab chosen before the app starts is shown once it has', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser, { waitForApp: false });
    const app = await holdTheApp(page);
    await page.goto(url('/auth'), { waitUntil: 'commit' });
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await app.release();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  test('a tutorial page: Print and the video tapped before the app starts wait visibly and take effect once it has; nothing else on it looks ready', async ({
    browser,
  }) => {
    const { page, context, errors, close } = await openSignedInPage(browser, { waitForApp: false });
    const printed = await countPrints(context);
    await standInPlayer(context);
    await watchLayoutShifts(context);
    const app = await holdTheApp(page);
    await page.goto(url(TUTORIAL), { waitUntil: 'commit' });
    const print = page.getByRole('button', { name: 'Print this tutorial' });
    const play = page.getByRole('button', { name: /^Play video:/ });
    await print.click();
    await play.click();

    // Held: each button says it is waiting, and nothing has happened yet.
    expect(await print.getAttribute('aria-busy')).toBe('true');
    expect(await play.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => play.evaluate((button) => getComputedStyle(button).cursor)).toBe('progress');
    expect(await printed(page)).toBe(0);
    // Nothing else looks ready that is not: the steps are there (decision 023), every tick box disabled.
    const boxes = page.getByRole('checkbox');
    expect(await boxes.count()).toBe(project.materials.length + STEPS.length);
    expect(await boxes.evaluateAll((all) => all.every((box) => (box as HTMLInputElement).disabled))).toBe(true);
    await page.getByRole('navigation', { name: 'Steps' }).waitFor();
    const shiftsBefore = await shiftCount(page);

    await app.release();
    await page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').waitFor();
    await expect.poll(() => printed(page)).toBe(1);
    expect(await print.getAttribute('aria-busy')).toBeNull();
    // The page the app takes over is the one painted: nothing on screen jumps as it does.
    await page.getByRole('navigation', { name: 'Steps' }).waitFor();
    await progressLine(page, 0).waitFor();
    expect(await layoutJumps(page, shiftsBefore)).toEqual([]);
    // And the tick boxes work now.
    await boxes.first().check();
    expect(await boxes.first().isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  test('on a slow phone the tutorial’s step bar works when tapped the moment it shows, and the page stays where the learner took it', {
    timeout: 180_000,
  }, async ({ browser }) => {
    const email = await memberPartWay(2);
    const open = async (before?: (context: BrowserContext) => Promise<void>) => {
      const opened = await openSignedInPageAs(browser, email, { width: 375, reducedMotion: true, waitForApp: false });
      await standInPlayer(opened.context);
      await watchLayoutShifts(opened.context);
      await before?.(opened.context);
      await slowPhone(opened.page);
      await opened.page.goto(url(TUTORIAL), { waitUntil: 'commit' });
      return opened;
    };
    /** Waits until the page has all it loads: the member's ticks, the diagram and the sketch. */
    const settled = async (page: Page) => {
      await progressLine(page, 2).waitFor({ timeout: 30_000 });
      await page.locator('.wiring-svg svg').waitFor({ state: 'attached', timeout: 30_000 });
      await page.locator('#L1').waitFor({ state: 'attached' });
      // The page's own moves (opening at the learner's next step) come in the frame after.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
    };

    // The video, before the app has started; then Next, the moment the bar shows.
    {
      const { page, errors, close } = await open();
      await page.getByRole('button', { name: /^Play video:/ }).click();
      const bar = page.getByRole('navigation', { name: 'Steps' });
      // From the step on screen then: the first, or the learner's next (3) if the page has opened there already.
      await bar.getByRole('button', { name: 'Next step' }).click();
      await page.waitForURL((address) => /^#step-(2|4)$/.test(address.hash));
      const next = new URL(page.url()).hash;
      await page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]').waitFor({ state: 'attached' });
      await settled(page);
      expect(new URL(page.url()).hash).toBe(next);
      expect(await inView(page.locator(next))).toBe(true);
      // The list of every step, at once.
      await bar.getByRole('button', { name: /choose a step$/ }).click();
      await page
        .locator('#step-list')
        .getByRole('link', { name: /^Step 5: / })
        .click();
      await page.waitForURL((address) => address.hash === '#step-5');
      expect(await inView(page.locator('#step-5'))).toBe(true);
      expect(await layoutJumps(page)).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }

    // The whole sketch from the bar, the moment it shows, before the learner's ticks have come (the
    // code came from the service worker, say, and the ticks are on a slow network): it stays on screen
    // when they arrive, though the page would have opened at step 3.
    {
      let ticks: () => Promise<void> = async () => undefined;
      const { page, errors, close } = await open(async (context) => {
        ticks = await holdTheTicks(context);
      });
      const bar = page.getByRole('navigation', { name: 'Steps' });
      await bar.getByRole('button', { name: 'Whole sketch' }).click();
      await page.getByRole('tab', { name: 'Whole sketch', selected: true }).waitFor();
      await ticks();
      await settled(page);
      expect(await page.getByRole('tab', { name: 'Whole sketch', selected: true }).count()).toBe(1);
      expect(await inView(page.locator('#reference'))).toBe(true);
      // Wrap and Full screen, the moment they can be pressed.
      const wrap = page.locator('#code').getByRole('button', { name: 'Wrap long lines' });
      expect(await wrap.getAttribute('aria-pressed')).toBe('true');
      await wrap.click();
      expect(await wrap.getAttribute('aria-pressed')).toBe('false');
      await page.locator('#code').getByRole('button', { name: 'Full screen' }).click();
      const reader = page.getByRole('dialog', { name: new RegExp(`^${SLUG}\\.ino`) });
      await reader.waitFor();
      const readerWrap = reader.getByRole('button', { name: /^Wrap\s?lines$/ });
      await readerWrap.click();
      expect(await readerWrap.getAttribute('aria-pressed')).toBe('true');
      await reader.getByRole('button', { name: 'Close' }).click();
      await reader.waitFor({ state: 'hidden' });
      // The other tabs, from the bar and from the tab list.
      await bar.getByRole('button', { name: 'All connections' }).click();
      await page.getByRole('tab', { name: 'All connections', selected: true }).waitFor();
      await page.getByRole('tab', { name: 'Full diagram' }).click();
      await page.getByRole('tab', { name: 'Full diagram', selected: true }).waitFor();
      expect(await layoutJumps(page)).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }

    // The diagram's zoom, the moment its buttons can be pressed (the ticks again slower than the code);
    // then, on the same load, a step's tick, the simulator and the upload, the moment each shows.
    {
      let ticks: () => Promise<void> = async () => undefined;
      let portRequests: (page: Page) => Promise<number> = async () => 0;
      const { page, errors, close } = await open(async (context) => {
        ticks = await holdTheTicks(context);
        portRequests = await countPortRequests(context);
      });
      await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: 'Full diagram' }).click();
      const zoom = page.getByRole('group', { name: 'Zoom the diagram' });
      const level = zoom.getByRole('status', { name: 'Zoom level' });
      await zoom.getByRole('button', { name: 'Zoom in' }).click();
      expect(await level.textContent()).toBe('125%');
      await zoom.getByRole('button', { name: 'Zoom out' }).click();
      await zoom.getByRole('button', { name: 'Zoom out' }).click();
      expect(await level.textContent()).toBe('90%');
      await zoom.getByRole('button', { name: 'Fit' }).click();
      await expect.poll(() => level.textContent()).not.toBe('90%');
      const fitted = await level.textContent();
      await ticks();
      await settled(page);
      expect(await level.textContent()).toBe(fitted);
      expect(await inView(page.locator('#reference'))).toBe(true);
      expect(await layoutJumps(page)).toEqual([]);

      const third = page.getByRole('checkbox', { name: 'Done: step 3', exact: true });
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' &&
          new URL(response.url()).pathname === `/api/progress/${project.id}/steps/${STEPS[2]?.index}`,
        { timeout: 30_000 },
      );
      await third.check();
      expect((await saved).ok()).toBe(true);
      await progressLine(page, 3).waitFor();
      expect(await third.isChecked()).toBe(true);

      await page.getByRole('button', { name: 'Run in the simulator' }).click();
      await page.locator('[data-simulator]').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Set up the upload' }).click();
      await page.getByRole('button', { name: 'Upload to board' }).click();
      await expect.poll(() => portRequests(page)).toBe(1);
      await page.getByRole('button', { name: 'Only open the serial monitor' }).click();
      await expect.poll(() => portRequests(page)).toBe(2);
      expect(errors).toEqual([]);
      await close();
    }
  });

  test('the class sign-in page has nothing to tap or type before the app starts; the sign-in made once it has keeps the secret words out of every URL and the log, with one click', async ({
    browser,
  }) => {
    const { klass, learners } = await aClass(['Ada Lovelace', 'Grace Hopper']);
    const secret = learners[0]?.secret ?? '';
    const { page, errors, close } = await openPage(browser, { width: 375, waitForApp: false });
    const app = await holdTheApp(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));
    await page.goto(url(`/c/${klass.join_code}`), { waitUntil: 'commit' });
    await page.getByText('Finding your class…').waitFor();
    // No name and no field until the app has the class: nothing that looks ready is dead.
    const main = page.locator('main');
    expect(await main.locator('button, input, textarea, form').count()).toBe(0);

    await app.release();
    await page.getByRole('button', { name: 'Ada L.' }).click();
    const form = page.locator('form', { has: page.getByLabel('Your secret words') });
    // A post, never a GET: even sent without the app it would not put the words in the address.
    expect(await form.getAttribute('method')).toBe('post');
    await page.getByLabel('Your secret words').fill(secret);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/projects'));
    await page.getByText('Welcome, Ada L.!').waitFor();

    for (const spelling of spellings(secret)) {
      expect(requested.filter((line) => line.includes(spelling))).toEqual([]);
    }
    const log = await serverLogWith(`"url":"/api/class-sign-in/${klass.join_code}"`);
    for (const spelling of spellings(secret)) expect(log).not.toContain(spelling);
    expect(errors).toEqual([]);
    await close();
  });

  test('on a slow phone a learner taps their name and types their words the moment each shows, and one tap signs in without the words in a URL or the log', async ({
    browser,
  }) => {
    const { klass, learners } = await aClass(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    const grace = learners[1];
    if (!grace) throw new Error('no learner');
    const { page, context, errors, close } = await openPage(browser, { width: 375, waitForApp: false });
    await watchLayoutShifts(context);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));
    await slowPhone(page);
    await page.goto(url(`/c/${klass.join_code}`), { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Grace H.' }).click();
    // Typed key by key the moment the field shows, as a learner reads them off the card.
    const words = page.getByLabel('Your secret words');
    await words.pressSequentially(grace.secret);
    expect(await words.inputValue()).toBe(grace.secret);
    // Nothing jumped while the page loaded and the app took over (signing in changes the page, on purpose).
    const signingIn = await shiftCount(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/projects'), { timeout: 30_000 });
    await page.getByText('Welcome, Grace H.!').waitFor();
    for (const spelling of spellings(grace.secret)) {
      expect(requested.filter((line) => line.includes(spelling))).toEqual([]);
    }
    const log = await serverLogWith(`"url":"/api/class-sign-in/${klass.join_code}"`);
    for (const spelling of spellings(grace.secret)) expect(log).not.toContain(spelling);
    expect(await layoutJumps(page, 0, signingIn)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  test('the teacher’s pages have nothing to tap before the app starts; on a slow phone a class is created and its tabs chosen the moment each shows', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const { email, klass } = await aClass(['Ada Lovelace']);

    // Held: the pages wait for the session, with nothing on them that looks ready.
    for (const route of ['/classes', `/classes/${klass.id}`]) {
      const { page, errors, close } = await openSignedInPageAs(browser, email, { waitForApp: false });
      const app = await holdTheApp(page);
      await page.goto(url(route), { waitUntil: 'commit' });
      await page.getByText('Checking your session…').waitFor();
      expect(await page.locator('main').locator('button, input, textarea, form').count(), route).toBe(0);
      await app.release();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(errors, route).toEqual([]);
      await close();
    }

    // Slow phone: a new class, typed and sent the moment the form shows, then opened.
    {
      const { page, context, errors, close } = await openSignedInPageAs(browser, email, {
        width: 375,
        waitForApp: false,
      });
      await watchLayoutShifts(context);
      await slowPhone(page);
      await page.goto(url('/classes'), { waitUntil: 'commit' });
      const name = `Tuesday club ${Date.now()}`;
      await page.getByLabel('New class').pressSequentially(name);
      expect(await page.getByLabel('New class').inputValue()).toBe(name);
      // Nothing jumped while the page loaded (the new class then joins the list, on purpose).
      expect(await layoutJumps(page)).toEqual([]);
      // Creating the class opens it (issue 36).
      await page.getByRole('button', { name: 'Create class' }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: 'Learners' }).click();
      await page.getByRole('tab', { name: 'Learners', selected: true }).waitFor();
      expect(errors).toEqual([]);
      await close();
    }

    // Slow phone, the class's own page: each tab the moment it shows.
    {
      const { page, context, errors, close } = await openSignedInPageAs(browser, email, {
        width: 375,
        waitForApp: false,
      });
      await watchLayoutShifts(context);
      await slowPhone(page);
      await page.goto(url(`/classes/${klass.id}`), { waitUntil: 'commit' });
      for (const tab of ['Settings', 'Learners', 'Progress']) {
        await page.getByRole('tab', { name: tab }).click({ timeout: 30_000 });
        await page.getByRole('tab', { name: tab, selected: true }).waitFor();
        expect(await page.getByRole('tabpanel').count(), tab).toBe(1);
      }
      // Back on Progress, its grid and help queue are the ones drawn before (kept mounted), not drawn
      // anew a moment later: a redraw moved the queue half a second after the tap, so look a while.
      await page.getByRole('heading', { name: 'Help queue' }).waitFor();
      await page.waitForTimeout(1500);
      expect(await layoutJumps(page, 0)).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
