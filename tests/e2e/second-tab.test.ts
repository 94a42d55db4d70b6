import { describe, expect } from 'vitest';
import { openSignedInPage, test, url, waitForHydration } from './fixtures.ts';

describe('a member’s second tab', () => {
  test('shows a bookmark and a profile edit made in the first tab, without reloading', async ({ browser }) => {
    const first = await openSignedInPage(browser);
    // The second tab: the same browser, so the same session (decision 021).
    const second = await first.context.newPage();
    const secondErrors: string[] = [];
    second.on('console', (message) => {
      if (message.type() === 'error') secondErrors.push(message.text());
    });
    second.on('pageerror', (error) => secondErrors.push(error.message));
    await second.goto(url('/dashboard'));
    await waitForHydration(second);
    const count = second.getByTestId('bookmark-count');
    await count.waitFor();
    expect(await count.textContent()).toBe('0');
    const profile = second.locator('section[aria-labelledby="profile-heading"]');
    await profile.waitFor();
    // The second tab must not reload: the mark on its window would go.
    await second.evaluate(() => Object.assign(window, { __stillHere: true }));

    await first.page.goto(url('/projects'));
    await first.page.getByRole('button', { name: 'Bookmark Air Quality Monitor' }).click();
    await first.page.getByRole('button', { name: 'Remove Air Quality Monitor from bookmarks' }).waitFor();
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('1');
    await second
      .locator('section[aria-labelledby="bookmarks-heading"] li', { hasText: 'Air Quality Monitor' })
      .waitFor();

    await first.page.goto(url('/dashboard'));
    await first.page.getByRole('button', { name: 'Edit profile' }).click();
    await first.page.getByLabel('Username').fill('Second Tab Sam');
    await first.page.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Second Tab Sam').first().waitFor();

    expect(await second.evaluate(() => '__stillHere' in window)).toBe(true);
    expect(secondErrors).toEqual([]);
    expect(first.errors).toEqual([]);
    await first.close();
  });
});
