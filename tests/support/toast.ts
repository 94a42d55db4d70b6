import type { Page } from 'playwright-core';

/** Waits for a toast (the app's one `<Toaster/>`) showing both `title` and `description`. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description });
  // 20 s: beside another e2e file, a page that learns of a sign-out elsewhere took over 10 s in a CI run.
  await toast.first().waitFor({ timeout: 20_000 });
}
