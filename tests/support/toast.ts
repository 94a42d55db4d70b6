import type { Page } from 'playwright-core';

/** Waits for a toast (the app's one `<Toaster/>`) showing both `title` and `description`. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description });
  await toast.first().waitFor({ timeout: 10_000 });
}
