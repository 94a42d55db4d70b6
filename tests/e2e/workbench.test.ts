import { describe, expect } from 'vitest';
import { findProject } from '#shared/content/projects.ts';
import { sessionSchema } from '#shared/schemas/auth.ts';
import { baseUrl, expectNoAxeViolations, openPage, openSignedInPage, PASSWORD, test, url } from './fixtures.ts';

/*
 * A returning learner (issue 23): the home page greets them by name with where they left off, and
 * the dashboard leads with their builds, the one touched last first, then bookmarks, then the account.
 */

async function accessToken(email: string): Promise<string> {
  const response = await fetch(new URL('/api/auth/token?grant_type=password', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return sessionSchema.parse(await response.json()).access_token;
}

async function put(token: string, route: string) {
  const response = await fetch(new URL(route, baseUrl), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok, route).toBe(true);
}

const AIR = findProject(3);
const PLANT = findProject(1);
const SOLAR = findProject(5);

describe('a returning learner', () => {
  test('the home page greets them with the build they touched last; the dashboard lists builds by recency', async ({
    browser,
  }) => {
    if (!AIR || !PLANT || !SOLAR) throw new Error('the catalog changed');
    const { page, email, errors, close } = await openSignedInPage(browser);
    const token = await accessToken(email);
    // Solar: steps 1–2 done, then Plant finished, then Air: step 1 done, touched last.
    for (const index of [0, 1]) await put(token, `/api/progress/${SOLAR.id}/steps/${index}`);
    for (const index of PLANT.steps.keys()) await put(token, `/api/progress/${PLANT.id}/steps/${index}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await put(token, `/api/progress/${AIR.id}/steps/0`);

    await page.goto(url('/'));
    const greeting = page.getByTestId('welcome-back');
    await greeting.waitFor();
    const name = email.split('@')[0] ?? '';
    await greeting.getByRole('heading', { name: `Welcome back, ${name}` }).waitFor();
    await greeting.getByText(`1 of ${AIR.steps.length} steps of ${AIR.title} done.`).waitFor();
    const next = greeting.getByRole('link', { name: `Continue ${AIR.title} at step 2` });
    expect(await next.getAttribute('href')).toBe(`/projects/${AIR.slug}`);
    // The landing page is still there below the greeting.
    await page.getByRole('heading', { level: 1, name: /Build real robots/ }).waitFor();
    await expectNoAxeViolations(page, '/ signed in');

    await greeting.getByRole('link', { name: 'Your dashboard' }).click();
    await page.waitForURL(url('/dashboard'));
    const builds = page.locator('[data-build]');
    await builds.first().waitFor();
    // In progress, touched last first; then the finished one.
    expect(await builds.evaluateAll((items) => items.map((item) => item.getAttribute('data-build')))).toEqual([
      AIR.slug,
      SOLAR.slug,
      PLANT.slug,
    ]);
    await builds
      .first()
      .getByRole('link', { name: `Continue at step 2: ${AIR.title}` })
      .waitFor();
    // Builds, the way to the playground, bookmarks, profile, then the account's settings (loaded after the rest), in the page's order.
    await page.getByRole('heading', { name: 'Account and privacy' }).waitFor();
    const headings = await page
      .locator('main h2')
      .evaluateAll((elements) => elements.map((element) => element.textContent?.trim()));
    expect(headings).toEqual(['Your builds', 'Playground', 'Bookmarks', 'Your profile', 'Account and privacy']);
    expect(errors).toEqual([]);
    await close();
  });

  test('a member with nothing ticked is offered a build; a visitor sees no greeting', async ({ browser }) => {
    const member = await openSignedInPage(browser, { width: 375 });
    await member.page.goto(url('/'));
    const greeting = member.page.getByTestId('welcome-back');
    await greeting.waitFor();
    expect(await greeting.getByRole('link', { name: 'Pick a build' }).getAttribute('href')).toBe('/projects');
    expect(member.errors).toEqual([]);
    await member.close();

    const visitor = await openPage(browser);
    await visitor.page.goto(url('/'));
    await visitor.page.getByRole('heading', { level: 1, name: /Build real robots/ }).waitFor();
    expect(await visitor.page.getByTestId('welcome-back').count()).toBe(0);
    // The slot it would fill takes no room.
    expect(await visitor.page.locator('.welcome-slot').evaluate((slot) => slot.getBoundingClientRect().height)).toBe(0);
    await visitor.close();
  });
});
