import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openPage, test, url } from './fixtures.ts';

/** The count the page shows. Other e2e files sign members up meanwhile (they run side by side), so it may grow by more than ours. */
async function totalMembers(page: Page): Promise<number> {
  const text = await page.getByText(/^Total Members: \d+$/).textContent();
  return Number(text?.match(/\d+/)?.[0]);
}

describe('live community list', () => {
  test('a watcher sees a new member at the top, then the updated card, without reloading', async ({ browser }) => {
    const watcher = await openPage(browser);
    await watcher.page.goto(url('/people'));
    await watcher.page.getByRole('heading', { level: 1, name: /Community$/ }).waitFor();
    await watcher.page.getByText(/^Total Members: \d+$/).waitFor();
    const before = await totalMembers(watcher.page);
    // The watcher's page must not reload: mark the window and check the mark at the end. And mark
    // the cards already there (React keeps a member's element while the list changes around it).
    await watcher.page.evaluate(() => {
      Object.assign(window, { __stillHere: true });
      for (const card of document.querySelectorAll<HTMLElement>('main ul li')) card.dataset.seenBefore = '';
    });

    const builder = await openPage(browser);
    const email = `live.${Date.now()}@example.test`;
    await builder.page.goto(url('/auth'));
    await builder.page.getByRole('tab', { name: 'Sign Up' }).click();
    await builder.page.getByLabel('Email').fill(email);
    await builder.page.getByLabel('Password').fill('live-updates-123');
    await builder.page.getByRole('button', { name: 'Create Account' }).click();

    await expect.poll(() => totalMembers(watcher.page), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 1);
    // A new card, for a member without a name yet (ours; other e2e files may sign members up meanwhile).
    await watcher.page
      .locator('main ul li:not([data-seen-before])', { hasText: 'Anonymous Builder' })
      .first()
      .waitFor();
    await watcher.page.waitForFunction(() =>
      document.querySelector('[data-testid="live-announcement"]')?.textContent?.startsWith('New member'),
    );

    await builder.page.getByRole('tab', { name: 'Login' }).click();
    await builder.page.getByLabel('Email').fill(email);
    await builder.page.getByLabel('Password').fill('live-updates-123');
    await builder.page.getByRole('button', { name: 'Login', exact: true }).click();
    await builder.page.waitForURL(url('/'));
    await builder.page.goto(url('/dashboard'));
    await builder.page.getByRole('button', { name: 'Edit profile' }).click();
    await builder.page.getByLabel('Username').fill('Live Wire');
    await builder.page.getByLabel('Bio').fill('Streaming changes since today.');
    await builder.page.getByRole('button', { name: 'Save' }).click();

    // Among the newest: other e2e files sign members up meanwhile, so theirs may come before it.
    const card = watcher.page.locator('main ul li', { has: watcher.page.getByRole('heading', { name: 'Live Wire' }) });
    await card.waitFor();
    expect(await card.textContent()).toContain('Streaming changes since today.');
    // Above every member who was there before (the newest first), as one card.
    const places = await watcher.page.locator('main ul li').evaluateAll((cards) => ({
      ours: cards.findIndex((li) => li.querySelector('h2')?.textContent === 'Live Wire'),
      firstOld: cards.findIndex((li) => 'seenBefore' in li.dataset),
    }));
    expect(places.ours).toBeGreaterThanOrEqual(0);
    expect(places.firstOld === -1 || places.ours < places.firstOld).toBe(true);
    expect(await watcher.page.locator('main ul li h2', { hasText: 'Live Wire' }).count()).toBe(1);
    expect(await watcher.page.evaluate(() => 'stillHere' in window || '__stillHere' in window)).toBe(true);
    expect(watcher.errors).toEqual([]);
    await watcher.close();
    await builder.close();
  });
});
