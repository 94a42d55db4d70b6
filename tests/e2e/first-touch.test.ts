import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { slowPhone } from '#test/slow-phone.ts';
import { baseUrl, openPage, PASSWORD, test, url, waitForHydration } from './fixtures.ts';

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
    await page.getByRole('link', { name: 'People' }).waitFor();

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
    expect(await page.getByRole('link', { name: 'People' }).isVisible()).toBe(false);
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
});
