import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { describe, expect, onTestFinished } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import { numberedSteps } from '#shared/content/steps.ts';
import { PRERENDERED_ROUTES, SHELL_ROUTES } from '#shared/routes.ts';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { ServerProcess } from '#test/server-process.ts';
import { baseUrl, expectNoAxeViolations, openPage, openSignedInPage, test, url, waitForHydration } from './fixtures.ts';

/** TCP's first window: 10 segments of 1,460 bytes (RFC 6928), what the server can send before the first acknowledgement. */
const FIRST_WINDOW_BYTES = 10 * 1460;

/** Every byte of the answer to a browser's GET of `route` (status line, headers, brotli body), as it goes over the wire. */
function answerOnTheWire(route: string): Promise<Buffer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(
        `GET ${route} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: close\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

/** The page's HTML as far as the browser can read it from the first round trip: the first window, decoded. */
function htmlOfTheFirstWindow(answer: Buffer): string {
  const firstWindow = answer.subarray(0, FIRST_WINDOW_BYTES);
  const bodyStart = firstWindow.indexOf('\r\n\r\n') + 4;
  const head = firstWindow.subarray(0, bodyStart).toString('latin1');
  expect(head).toMatch(/^content-encoding: br\r$/im);
  expect(head).not.toMatch(/^transfer-encoding:/im);
  // A brotli stream cut short decodes as far as it goes, as the browser's decoder does.
  return brotliDecompressSync(firstWindow.subarray(bodyStart), {
    finishFlush: zlibConstants.BROTLI_OPERATION_FLUSH,
  }).toString('utf8');
}

describe('public pages', () => {
  test('home shows the hero, the mission and the calls to action', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(url('/'));
    await expect(page.title()).resolves.toMatch(/RoboForge/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/robot/i);
    await page.getByRole('heading', { level: 1, name: /Build real robots/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Explore Projects' }).getAttribute('href')).toBe('/projects');
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/about');
    await page.getByRole('heading', { name: 'Our Mission' }).waitFor();
    for (const card of ['Hands-On Learning', 'Innovation First', 'Community Driven']) {
      await page.getByRole('heading', { name: card }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'View Our Projects' }).getAttribute('href')).toBe('/projects');
    expect(errors).toEqual([]);
    await close();
  });

  test('about shows the vision, three values, four creators and the closing banner', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(url('/about'));
    await page.getByRole('heading', { level: 1, name: 'Our Vision' }).waitFor();
    for (const value of ['Passion', 'Community', 'Innovation']) {
      await page.getByRole('heading', { level: 3, name: value, exact: true }).waitFor();
    }
    const creators = page.locator('section[aria-labelledby="creators-heading"] li');
    expect(await creators.count()).toBe(4);
    expect(await creators.first().innerText()).toMatch(/^[A-Z]\s+\S+/);
    await page.getByRole('heading', { name: 'Join the builders' }).waitFor();
    await expect(page.title()).resolves.toBe('About Us · RoboForge');
    expect(errors).toEqual([]);
    await close();
  });

  test('prerenders the public pages so their text is there without JavaScript', async () => {
    for (const [route, text] of [
      ['/', 'Build real robots.'],
      ['/about', 'Our Vision'],
      ['/people', 'RoboForge Community'],
    ]) {
      const html = await (await fetch(url(route as string))).text();
      expect(html, route).toContain(text);
    }
  });

  test('each prerendered page paints from the first round trip: the whole page, or a tutorial down to its steps, within the first TCP window', async () => {
    for (const route of ['/', '/about', '/people', '/auth', '/projects']) {
      const bytes = (await answerOnTheWire(route)).length;
      // Over it, first paint waits one more round trip (on a phone, ~150 ms more).
      expect(bytes, route).toBeGreaterThan(5000);
      expect(bytes, route).toBeLessThanOrEqual(FIRST_WINDOW_BYTES);
    }
    // A tutorial's steps are in its page too (decision 023): they come in the second round trip, while
    // the first screen (everything down to them) paints from the first.
    for (const project of PROJECTS) {
      const route = `/projects/${project.slug}`;
      const answer = await answerOnTheWire(route);
      const firstRoundTrip = htmlOfTheFirstWindow(answer);
      expect(firstRoundTrip, route).toContain('id="materials"');
      expect(firstRoundTrip, route).toContain('<div data-later');
      const html = await (await fetch(url(route))).text();
      const steps = numberedSteps(project);
      for (const step of [steps[0], steps.at(-1)]) {
        expect(html, route).toContain(`id="step-${step?.number}"`);
        // Its tick box disabled until the member's ticks are in (the boot script holds nothing for it).
        expect(html, route).toMatch(new RegExp(`<input[^>]*disabled[^>]*aria-label="Done: step ${step?.number}"`));
      }
    }
  });

  test('the favicon, web app manifest and full stylesheet are linked once the page has painted, and /favicon.ico is never asked for', async ({
    browser,
  }) => {
    const { page, errors, close } = await openPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(url('/about'));
    await waitForHydration(page);
    const links = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('link[rel="icon"], link[rel="manifest"]')].map(
          (link) => `${link.getAttribute('rel')} ${link.getAttribute('href')}`,
        ),
      );
    await expect.poll(links).toEqual(['icon /favicon.svg', 'manifest /manifest.webmanifest']);
    await expect.poll(() => requested).toContain('/favicon.svg');
    // The full stylesheet, linked by the same script: one link, applied, which hydration neither repeats nor unlinks.
    const stylesheets = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map(
        (link) => `${link.getAttribute('href')} ${link instanceof HTMLLinkElement && link.sheet !== null}`,
      ),
    );
    expect(stylesheets).toEqual([expect.stringMatching(/^\/assets\/root-[\w-]+\.css true$/)]);
    // Before paint the icon is an empty data: image, so the browser asks for no default icon.
    expect(requested).not.toContain('/favicon.ico');
    expect(errors).toEqual([]);
    await close();
  });

  test('the 404 page answers unknown routes, logs the path and leads home', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto(url('/robots/that/do/not/exist'));
    expect(response?.status()).toBe(404);
    // Titled as served, before any script runs, as the app titles it: a screen reader never meets an untitled page.
    expect(await response?.text()).toContain('<title>Page not found · RoboForge</title>');
    await page.getByRole('heading', { name: /Oops! Page Not Found/ }).waitFor();
    await expect(page.title()).resolves.toBe('Page not found · RoboForge');
    expect(await page.locator('title').count()).toBe(1);
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(errors).toContainEqual(expect.stringContaining('/robots/that/do/not/exist'));
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('heading', { level: 1, name: /Build real robots/ }).waitFor();
    await close();
  });
});

describe('hydration', () => {
  /**
   * What a console may show on these visits: the 404 answer itself, and the 404 page's log of the
   * unknown path (product §8). Anything else (React's hydration error #418 above all) fails.
   */
  const isThe404 = (error: string) =>
    error === 'Failed to load resource: the server responded with a status of 404 (Not Found)' ||
    error.startsWith('404 Error: User attempted to access non-existent route:');

  // Signed out in the light theme, signed in in the dark one: both themes and both session states.
  test.for([
    { theme: 'light', signedIn: false },
    { theme: 'dark', signedIn: true },
  ] as const)(
    'every prerendered page and an unknown address hydrate without an error ($theme theme, signed in: $signedIn)',
    { timeout: 120_000 },
    async ({ theme, signedIn }, { browser }) => {
      const { page, errors, close } = await (signedIn ? openSignedInPage : openPage)(browser, { theme });
      const seen: string[] = [];
      // The pages prerendered once for a pattern are visited at an address of that pattern, as a learner would.
      const shells = new Set(Object.values(SHELL_ROUTES));
      const addresses = Object.keys(SHELL_ROUTES).map((pattern) =>
        pattern.replace(':id', '2f0b3c9e-6a41-4d7e-9b8a-0c1d2e3f4a5b').replace(':code', 'HJKM2345'),
      );
      const routes = [...PRERENDERED_ROUTES.filter((route) => !shells.has(route)), ...addresses, '/no/such/page'];
      for (const route of routes) {
        const before = errors.length;
        await page.goto(url(route));
        // A recoverable hydration error is reported while React commits: one frame later it has been.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
        seen.push(
          ...errors
            .slice(before)
            .filter((error) => !isThe404(error))
            .map((error) => `${route}: ${error}`),
        );
      }
      // The unknown address was the 404 page: its route logs the path once it has loaded (on a busy
      // machine after the frame above), so it is waited for; then nothing else went wrong anywhere.
      await page.getByRole('heading', { name: /Oops! Page Not Found/ }).waitFor();
      await expect.poll(() => errors).toContainEqual(expect.stringContaining('/no/such/page'));
      expect(seen).toEqual([]);
      expect(errors.filter((error) => !isThe404(error))).toEqual([]);
      await close();
    },
  );
});

describe('people', () => {
  test('shows the empty state, then members newest first with trimmed bios', async ({ browser }) => {
    // An empty community needs a server of its own: the other e2e files sign members up on the shared one
    // meanwhile (they run side by side), so emptying its database would pull accounts from under them.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'roboforge-e2e-people-'));
    const server = new ServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
    });
    onTestFinished(async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const own = await server.start();
    const ownUrl = (route: string) => new URL(route, own.baseUrl).href;
    expect(publicProfileListSchema.parse(await (await fetch(ownUrl('/api/profiles'))).json())).toEqual([]);
    const db = new DatabaseSync(path.join(dataDir, 'roboforge.sqlite'));
    const { page, errors, close } = await openPage(browser);
    await page.goto(ownUrl('/people'));
    await page.getByRole('heading', { level: 1, name: 'RoboForge Community' }).waitFor();
    await page.getByText('Total Members: 0').waitFor();
    await page.getByText('No members yet. Be the first to join!').waitFor();

    // Members arrive as rows in the server's database, as sign-up creates them.
    const longBio = `I build line followers. ${'Sensors, motors and code. '.repeat(10)}The end.`;
    const insert = (
      id: string,
      email: string,
      username: string | null,
      bio: string | null,
      showEmail: number,
      at: string,
    ) => {
      db.prepare('insert into users (id, email, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?)').run(
        id,
        email,
        'x',
        at,
        at,
      );
      db.prepare(
        'insert into profiles (id, username, username_key, bio, email, show_email, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, username, username?.toLowerCase() ?? null, bio, showEmail ? email : null, showEmail, at, at);
      db.prepare("insert into profile_changes (profile_id, kind, created_at) values (?, 'INSERT', ?)").run(id, at);
    };
    insert(crypto.randomUUID(), 'grace@example.test', 'grace', longBio, 1, '2026-05-02T09:00:00.000Z');
    insert(crypto.randomUUID(), 'quiet@example.test', null, null, 0, '2026-06-10T09:00:00.000Z');
    db.close();

    // The server notices the new rows by itself (its feed polls as a safety net) and the page updates live.
    await page.getByText('Total Members: 2').waitFor({ timeout: 15_000 });
    const cards = page.locator('main li');
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(0).innerText()).toContain('Anonymous Builder');
    expect(await cards.nth(0).textContent()).toContain('Joined Jun 10, 2026');
    expect(await cards.nth(0).innerText()).not.toContain('quiet@example.test');
    const grace = cards.nth(1);
    expect(await grace.innerText()).toContain('grace@example.test');
    const bio = grace.locator('p').filter({ hasText: 'I build line followers.' });
    expect(await bio.innerText()).toBe(`${longBio.slice(0, 150)}…`);
    await grace.getByRole('button', { name: 'Read More' }).click();
    expect(await bio.innerText()).toBe(longBio);
    await grace.getByRole('button', { name: 'Show Less' }).click();
    expect(await bio.innerText()).toBe(`${longBio.slice(0, 150)}…`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('navigation', () => {
  test('links reach every public page and mark the current one', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(url('/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(url('/about'));
    await page.getByRole('heading', { level: 1, name: 'Our Vision' }).waitFor();
    await expect.poll(() => nav.getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'People' }).click();
    await page.waitForURL(url('/people'));
    await page.getByRole('heading', { level: 1, name: 'RoboForge Community' }).waitFor();
    await nav.getByRole('link', { name: 'RoboForge home' }).click();
    await page.waitForURL(url('/'));
    // The address changes a moment before React renders the new page's links (CI once read them in between).
    await expect
      .poll(() => nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    expect(await nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    // The playground is for members: a visitor's bar has no link to it.
    expect(await nav.getByRole('link', { name: 'Playground' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  test('the mobile menu opens and closes by touch and keyboard at 375 px', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser, { width: 375 });
    await page.goto(url('/'));
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The desktop links are hidden on a phone; the menu button is there instead.
    expect(await nav.getByRole('link', { name: 'People' }).count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.tap().catch(() => toggle.click());
    const menuButton = page.getByRole('button', { name: 'Close menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('banner').getByRole('link', { name: 'People' }).click();
    await page.waitForURL(url('/people'));
    // Navigating closes the menu.
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');

    // Keyboard: Enter opens, Escape closes and gives focus back to the button.
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('banner').getByRole('link', { name: 'About Us' }).waitFor();
    // The playground is for members: a visitor's menu has no link to it.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Playground' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('banner').getByRole('link', { name: 'About Us' }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('theme', () => {
  test('is dark by default, toggles to light, and keeps the choice across reloads', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(url('/'));
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    // Before any app script runs, the page is already light: no flash of the dark theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    await close();
  });

  test('does not follow the system theme', async ({ browser }) => {
    const { page, close } = await openPage(browser);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(url('/about'));
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await close();
  });
});

describe('accessibility', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const route of ['/', '/about', '/people', '/no-such-page']) {
      test(`axe finds no WCAG 2.2 AA violations on ${route} (${theme})`, async ({ browser }) => {
        const { page, close } = await openPage(browser, { theme, reducedMotion: true });
        await page.goto(url(route));
        await page.locator('main h1').first().waitFor();
        // /people keeps its live stream open (a fetch that never ends), so the network is never idle
        // there: it is ready once its list has replaced the loading placeholder.
        if (route === '/people') {
          await page.waitForLoadState('load');
          await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
        } else {
          await page.waitForLoadState('networkidle');
        }
        await expectNoAxeViolations(page, `${route} ${theme}`);
        await close();
      });
    }
  }
});
