import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectToast } from '#test/toast.ts';
import { baseUrl, expectNoAxeViolations, inEachLook, LOOKS, openSignedInPage, test, url } from './fixtures.ts';

const cardTitles = (page: Page) => page.locator('main article h2').allTextContents();

describe('projects', () => {
  test('search and level filter narrow the list, live in the URL and survive a reload', async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser);
    await page.goto(url('/projects'));
    await page.getByRole('heading', { level: 1, name: 'Robot Projects' }).waitFor();
    expect(await cardTitles(page)).toHaveLength(9);
    expect(await page.getByPlaceholder('Search projects...').count()).toBe(1);

    const level = page.getByLabel('Level');
    expect(await level.locator('option').allTextContents()).toEqual([
      'All Levels',
      'Beginner',
      'Intermediate',
      'Advanced',
      'Professional',
    ]);
    const expectedByLevel = {
      Beginner: ['Plant Watering Robot'],
      Intermediate: ['Line-Following Robot', 'Air Quality Monitor', 'Solar Tracking Robot', 'Gas Leak Alarm Robot'],
      Advanced: ['Waste Sorting Robot', 'Water Quality Robot', 'Smart Irrigation Robot'],
      Professional: ['Medical Assistance Robot'],
    };
    for (const [name, titles] of Object.entries(expectedByLevel)) {
      await level.selectOption(name);
      await page.waitForURL((u) => u.searchParams.get('level') === name);
      await expect.poll(() => cardTitles(page)).toEqual(titles);
    }
    await level.selectOption('All Levels');
    await page.waitForURL((u) => !u.searchParams.has('level'));
    await expect.poll(() => cardTitles(page)).toHaveLength(9);

    await page.getByPlaceholder('Search projects...').fill('SOLAR');
    await page.waitForURL((u) => u.searchParams.get('q') === 'SOLAR');
    await expect.poll(() => cardTitles(page)).toEqual(['Solar Tracking Robot']);

    await level.selectOption('Beginner');
    await page.getByText('No projects found matching your criteria').waitFor();
    expect(await cardTitles(page)).toEqual([]);

    await level.selectOption('Intermediate');
    await page.waitForURL((u) => u.searchParams.get('level') === 'Intermediate');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Robot Projects' }).waitFor();
    expect(await page.getByPlaceholder('Search projects...').inputValue()).toBe('SOLAR');
    expect(await level.inputValue()).toBe('Intermediate');
    expect(await cardTitles(page)).toEqual(['Solar Tracking Robot']);
    expect(errors).toEqual([]);
    await close();
  });

  // A card's 3 steps until View Full Tutorial, then all until Show Less: project-card.component.test.tsx.

  test('the video loads nothing from another site until play is pressed, then the privacy-enhanced embed', async ({
    browser,
  }) => {
    const { page, context, close } = await openSignedInPage(browser);
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>video</title>' }),
    );
    await page.goto(url('/projects'));
    await page.locator('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    const foreign = requests.filter((request) => new URL(request).origin !== new URL(baseUrl).origin);
    expect(foreign).toEqual([]);

    const card = page.locator('article').filter({ hasText: 'Line-Following Robot' });
    await card.getByRole('button', { name: /^Play video:/ }).click();
    const frame = card.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}\?/,
    );
    await page.waitForLoadState('networkidle');
    expect(requests.some((request) => request.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
    expect(
      requests.some(
        (request) =>
          /youtube\.com|ytimg|googlevideo/.test(new URL(request).hostname) && !request.includes('youtube-nocookie'),
      ),
    ).toBe(false);
    await close();
  });

  test('bookmark: toast, filled heart, kept after reload, counted on the dashboard, removed again', async ({
    browser,
  }) => {
    const { page, errors, close } = await openSignedInPage(browser);
    await page.goto(url('/projects'));
    const heart = page.getByRole('button', { name: 'Bookmark Air Quality Monitor' });
    await heart.click();
    await expectToast(page, 'Bookmarked!', 'Project saved successfully');
    const saved = page.getByRole('button', { name: 'Remove Air Quality Monitor from bookmarks' });
    await saved.waitFor();
    expect(await saved.getAttribute('aria-pressed')).toBe('true');
    expect(await saved.locator('svg').getAttribute('class')).toContain('fill-current');

    // The heart fills at once; the reload waits for the server's answer, as a member who reloads
    // that quickly could lose a toggle not yet stored on the device (the fresh-clone CI run did).
    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/api/bookmarks') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Bookmark Medical Assistance Robot' }).click();
    await page.getByRole('button', { name: 'Remove Medical Assistance Robot from bookmarks' }).waitFor();
    expect((await saving).ok()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Remove Air Quality Monitor from bookmarks' }).waitFor();

    await page.goto(url('/dashboard'));
    await page.getByText('Projects saved').waitFor();
    expect(await page.getByTestId('bookmark-count').textContent()).toBe('2');
    const list = page.locator('section[aria-labelledby="bookmarks-heading"] li');
    // Every project's real title, including those past 4 (product D3).
    const titles = await list.allTextContents();
    expect(titles).toHaveLength(2);
    expect(titles[0]).toContain('Air Quality Monitor');
    expect(titles[1]).toContain('Medical Assistance Robot');
    await page.getByRole('heading', { name: 'Your bookmarked projects' }).waitFor();

    await page.goto(url('/projects'));
    // Both removals stored before the page is left (as above: the heart empties before the server answers).
    let removed = 0;
    const bothRemoved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith('/api/bookmarks/') &&
        response.request().method() === 'DELETE' &&
        ++removed === 2,
    );
    await page.getByRole('button', { name: 'Remove Air Quality Monitor from bookmarks' }).click();
    await page.getByRole('button', { name: 'Bookmark Air Quality Monitor' }).waitFor();
    await page.getByRole('button', { name: 'Remove Medical Assistance Robot from bookmarks' }).click();
    await page.getByRole('button', { name: 'Bookmark Medical Assistance Robot' }).waitFor();
    expect((await bothRemoved).ok()).toBe(true);
    // Removal shows no success toast (the page was freshly loaded, so no earlier toast is left).
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await page.goto(url('/dashboard'));
    await page.getByText('Projects saved').waitFor();
    expect(await page.getByTestId('bookmark-count').textContent()).toBe('0');
    expect(await page.getByRole('heading', { name: 'Your bookmarked projects' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  test('a refused bookmark rolls back with the error toast', async ({ browser }) => {
    const { page, close } = await openSignedInPage(browser);
    await page.goto(url('/projects'));
    await page.getByRole('button', { name: 'Bookmark Solar Tracking Robot' }).waitFor();
    // The server refuses (here: it is unreachable for this one call) — the heart must not stay filled.
    await page.route('**/api/bookmarks', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, body: '{"error":{"code":"x","message":"down"}}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Bookmark Solar Tracking Robot' }).click();
    await expectToast(page, 'Error', 'Failed to add bookmark');
    await page.getByRole('button', { name: 'Bookmark Solar Tracking Robot' }).waitFor();
    expect(await page.getByRole('button', { name: 'Bookmark Solar Tracking Robot' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await close();
  });

  // Four full axe runs of the catalog: 15 s each on a machine with a load average of 20 (2026-11-28).
  test('axe finds no violations on /projects, collapsed and expanded, in both looks (LOOKS)', {
    timeout: 150_000,
  }, async ({ browser }) => {
    const { page, close } = await openSignedInPage(browser, { ...LOOKS[0], reducedMotion: true });
    await page.goto(url('/projects'));
    await page.locator('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    await inEachLook(page, ({ theme, width }) => expectNoAxeViolations(page, `/projects ${theme} ${width}`));
    const expand = page.getByRole('button', { name: 'View Full Tutorial' });
    while ((await expand.count()) > 0) await expand.first().click();
    expect(await page.getByRole('button', { name: 'Show Less' }).count()).toBe(9);
    await inEachLook(page, ({ theme, width }) => expectNoAxeViolations(page, `/projects expanded ${theme} ${width}`));
    await close();
  });
});
