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
    // The watcher's page must not reload: mark the window and check the mark at the end.
    await watcher.page.evaluate(() => Object.assign(window, { __stillHere: true }));

    const builder = await openPage(browser);
    const email = `live.${Date.now()}@example.test`;
    await builder.page.goto(url('/auth'));
    await builder.page.getByRole('tab', { name: 'Sign Up' }).click();
    await builder.page.getByLabel('Email').fill(email);
    await builder.page.getByLabel('Password').fill('live-updates-123');
    await builder.page.getByRole('button', { name: 'Create Account' }).click();

    await expect.poll(() => totalMembers(watcher.page), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 1);
    const firstCard = watcher.page.locator('main ul li').first();
    expect(await firstCard.textContent()).toContain('Anonymous Builder');
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

    await watcher.page.locator('main ul li').first().getByRole('heading', { name: 'Live Wire' }).waitFor();
    expect(await watcher.page.locator('main ul li').first().textContent()).toContain('Streaming changes since today.');
    expect(await totalMembers(watcher.page)).toBeGreaterThanOrEqual(before + 1);
    expect(await watcher.page.locator('main ul li h2', { hasText: 'Live Wire' }).count()).toBe(1);
    expect(await watcher.page.evaluate(() => 'stillHere' in window || '__stillHere' in window)).toBe(true);
    expect(watcher.errors).toEqual([]);
    await watcher.close();
    await builder.close();
  });
});
