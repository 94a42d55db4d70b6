import type { HTTPResponse, Page } from 'puppeteer-core';
import { describe, expect, onTestFinished, test } from 'vitest';
import { memberState, signUpAndSignIn } from '#test/sign-up.ts';
import { findProjectBySlug } from '../../src/shared/content/projects.ts';
import { ROUTES, tutorialPath } from '../../src/shared/routes.ts';
import { sessionSchema } from '../../src/shared/schemas/auth.ts';
import { SESSION_STORAGE_KEY } from '../../src/web/lib/auth/storage-key.ts';
import { launchFirefox } from './browser.ts';
import { baseUrl, PASSWORD, url } from './fixtures.ts';

/*
 * Learners use Firefox too (issue 27): one pass through what a learner does, in Debian's Firefox
 * ESR over WebDriver BiDi, with no console error on the way. The Chromium specs test each part in depth.
 */

const SLUG = 'line-following-robot';
const project = findProjectBySlug(SLUG);
if (!project) throw new Error(`${SLUG} is missing from the catalog`);

/**
 * A control by its accessible name, which this app sets with `aria-label`. (Puppeteer's `::-p-aria`
 * walks the accessibility tree and takes seconds a query over BiDi on a tutorial page.)
 */
const labelled = (name: string) => `[aria-label="${name}"]`;
const navLink = (route: string) => `nav[aria-label="Main"] a[href="${route}"]`;

/** Waits until React has hydrated the page, so the first click reaches the app. */
const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]');

/** Waits for the page's one level-1 heading to read `text`. */
async function heading(page: Page, text: string) {
  await page.waitForFunction((expected) => document.querySelector('h1')?.textContent?.trim() === expected, {}, text);
}

/**
 * Reloads once the page has settled. Firefox, unlike Chromium, rejects a dynamic import that a
 * navigation cuts short, and the app's lazy chunks (`void import(…)`) would report it as an error.
 */
async function reloadSettled(page: Page) {
  await page.waitForNetworkIdle();
  await page.reload();
  await hydrated(page);
}

/** The status of the app's own request that `act` starts. */
async function answerTo(page: Page, method: string, pathname: string, act: () => Promise<void>) {
  const answer = page.waitForResponse(
    (response: HTTPResponse) => response.request().method() === method && new URL(response.url()).pathname === pathname,
  );
  await act();
  return (await answer).status();
}

/** The session the app keeps for the signed-in member (its access token reads the API as them). */
async function storedSession(page: Page) {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  return sessionSchema.parse(JSON.parse(raw ?? 'null'));
}

describe('Firefox', () => {
  // Firefox alone takes 5–20 s to start on the busy 2-core machine; the pass took 25–35 s there.
  test('a learner signs in, ticks a step, bookmarks, meets the community and switches the theme', {
    timeout: 90_000,
  }, async () => {
    const browser = await launchFirefox();
    onTestFinished(() => browser.close());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      const { url: source, lineNumber } = message.location();
      if (message.type() === 'error') errors.push(`${message.text()} (${source ?? page.url()}:${lineNumber ?? '?'})`);
    });
    page.on('pageerror', (error) => errors.push(`${error instanceof Error ? error.message : error} (${page.url()})`));

    // Sign in on /auth, as a learner does, with an account made over the API.
    const email = `firefox.${Date.now()}@example.test`;
    await signUpAndSignIn(baseUrl, email, PASSWORD);
    await page.goto(url(ROUTES.auth));
    await hydrated(page);
    await page.locator('form[name="login"] input[type="email"]').fill(email);
    await page.locator('form[name="login"] input[type="password"]').fill(PASSWORD);
    await page.locator('form[name="login"] button[type="submit"]').click();
    await page.waitForFunction((home) => location.pathname === home, {}, ROUTES.home);
    const { access_token: token, user } = await storedSession(page);
    expect(user.email).toBe(email);

    // A bookmark on the projects list: the heart turns and the server has it.
    await page.locator(navLink(ROUTES.projects)).click();
    await heading(page, 'Robot Projects');
    const bookmarked = await answerTo(page, 'POST', '/api/bookmarks', () =>
      page.locator(labelled(`Bookmark ${project.title}`)).click(),
    );
    expect(bookmarked).toBe(201);
    await page.waitForSelector(labelled(`Remove ${project.title} from bookmarks`));
    expect((await memberState(baseUrl, token)).bookmarks).toEqual([project.id]);

    // The tutorial: step 1 ticked is stored on the server, and still ticked after a reload.
    await page.locator(labelled(`Open the full tutorial: ${project.title}`)).click();
    await page.waitForFunction((path) => location.pathname === path, {}, tutorialPath(SLUG));
    await heading(page, project.title);
    const stepOne = `input[type="checkbox"]${labelled('Done: step 1')}`;
    const ticked = await answerTo(page, 'PUT', `/api/progress/${project.id}/steps/0`, () =>
      page.locator(stepOne).click(),
    );
    expect(ticked).toBe(201);
    expect((await memberState(baseUrl, token)).steps).toEqual([`${project.id}:0`]);
    await reloadSettled(page);
    await page.waitForSelector(`${stepOne}:checked`);

    // The community page.
    await page.locator(navLink(ROUTES.people)).click();
    await heading(page, 'RoboForge Community');
    await page.waitForSelector('::-p-text(Total Members:)');

    // The theme: dark by default, light at a click, still light after a reload.
    expect(await page.$('html.dark')).not.toBeNull();
    await page.locator(labelled('Switch to light theme')).click();
    await page.waitForSelector('html:not(.dark)');
    await reloadSettled(page);
    await page.waitForSelector(labelled('Switch to dark theme'));
    expect(await page.$('html.dark')).toBeNull();

    expect(errors).toEqual([]);
  });
});
