import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectToast } from '#test/toast.ts';
import { SESSION_STORAGE_KEY } from '../../src/web/lib/auth/storage-key.ts';
import { authUrlReturningTo, expectNoAxeViolations, openPage, openSignedInPage, test, url } from './fixtures.ts';

async function signUp(page: Page, email: string, password: string) {
  await page.goto(url('/auth'));
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByText('Password must be at least 6 characters').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Success!', 'Account created! You can now log in.');
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('accounts', () => {
  test('sign up, log in, edit the profile, stay signed in across a reload, log out', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    const email = `ada.${Date.now()}@example.test`;
    await signUp(page, email, 'analytical-engine');
    // The sign-up fields are cleared; Login holds the new address, waiting for the password (issue 36).
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await logIn(page, email, 'analytical-engine');
    await expectToast(page, 'Welcome back!', 'Successfully logged in.');
    await page.waitForURL(url('/'));
    const chip = page.getByTestId('user-chip');
    await chip.waitFor();
    expect(await chip.textContent()).toBe(email.split('@')[0]);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await page.getByRole('link', { name: `Dashboard, signed in as ${email.split('@')[0]}` }).click();
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.locator('dl').textContent()).toContain(email);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    expect(await page.getByLabel('Bio').getAttribute('rows')).toBe('3');
    await page.getByLabel('Username').fill('Ada Bot');
    await page.getByLabel('Bio').fill('I build analytical engines and line followers.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Profile updated successfully');
    await page.getByText('I build analytical engines and line followers.').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="user-chip"]')?.textContent === 'Ada Bot');

    // Cancel leaves the profile as it was.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Username').fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('dl').textContent()).toContain('Ada Bot');

    await page.reload();
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.getByTestId('user-chip').textContent()).toBe('Ada Bot');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out', 'You have been successfully logged out');
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: 'Login' }).waitFor();

    for (const route of ['/dashboard', '/projects']) {
      await page.goto(url(route));
      await expectToast(page, 'Authentication Required', 'Sign in or sign up to access this page.');
      await page.waitForURL(authUrlReturningTo(route));
    }
    expect(errors).toEqual([]);
    await close();
  });

  test('signing up and in after the Authentication Required redirect leads to the page asked for', async ({
    browser,
  }) => {
    const { page, errors, close } = await openPage(browser);
    const email = `returning.${Date.now()}@example.test`;
    await page.goto(url('/projects?q=solar&level=Intermediate'));
    await expectToast(page, 'Authentication Required', 'Sign in or sign up to access this page.');
    await page.waitForURL(authUrlReturningTo('/projects?q=solar&level=Intermediate'));
    // A new learner: sign up (which does not sign in, product D10), then log in.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('came-back-here');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Success!', 'Account created! You can now log in.');
    await logIn(page, email, 'came-back-here');
    await expectToast(page, 'Welcome back!', 'Successfully logged in.');
    await page.waitForURL(url('/projects?q=solar&level=Intermediate'));
    await page.getByRole('heading', { name: 'Robot Projects' }).waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('solar');
    expect(errors).toEqual([]);
    await close();

    // Another site's address in the parameter is not followed: signing in leads home.
    for (const target of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const visitor = await openPage(browser);
      await visitor.page.goto(url(`/auth?next=${encodeURIComponent(target)}`));
      await logIn(visitor.page, email, 'came-back-here');
      await expectToast(visitor.page, 'Welcome back!', 'Successfully logged in.');
      await visitor.page.waitForURL(url('/'));
      expect(visitor.errors).toEqual([]);
      await visitor.close();
    }
  });

  test('the signed-in navigation fits a 320 px phone', async ({ browser }) => {
    const { page, close } = await openSignedInPage(browser, { width: 320 });
    await page.goto(url('/dashboard'));
    await page.getByTestId('user-chip').waitFor();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const menu = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
    expect((menu?.x ?? 999) + (menu?.width ?? 0)).toBeLessThanOrEqual(320);
    await close();
  });

  test('a wrong password shows Login failed with the server message', async ({ browser }) => {
    const { page, close } = await openPage(browser);
    const email = `grace.${Date.now()}@example.test`;
    await signUp(page, email, 'right-password');
    await logIn(page, email, 'wrong-password');
    await expectToast(page, 'Login failed', 'Invalid login credentials');
    expect(page.url()).toBe(url('/auth'));
    await close();
  });

  test('sends a signed-in visitor away from /auth, and signing out in one tab signs out the others', async ({
    browser,
  }) => {
    const { page, context, close } = await openPage(browser);
    const email = `tabs.${Date.now()}@example.test`;
    await signUp(page, email, 'two-tabs-password');
    await logIn(page, email, 'two-tabs-password');
    await page.waitForURL(url('/'));
    await page.goto(url('/auth'));
    await page.waitForURL(url('/'));

    const other = await context.newPage();
    await other.goto(url('/dashboard'));
    await other.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await other.waitForURL(authUrlReturningTo('/dashboard'));
    await expectToast(other, 'Authentication Required', 'Sign in or sign up to access this page.');
    await close();
  });

  test('a session that ends while the next page is still loading leads back to that page, not the one left', async ({
    browser,
  }) => {
    const { page, context, errors, close } = await openSignedInPage(browser);
    await page.goto(url('/dashboard'));
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    // The next page's code on a slow network: the dashboard is still on screen while it loads.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/projects-[^/]+\.js$/, (route) => (holding ? held.push(route) : route.continue()));
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // Meanwhile the session ends (signed out in another tab).
    const other = await context.newPage();
    await other.goto(url('/about'));
    await other.evaluate((key) => localStorage.removeItem(key), SESSION_STORAGE_KEY);
    await expectToast(page, 'Authentication Required', 'Sign in or sign up to access this page.');
    holding = false;
    for (const route of held) await route.continue();
    // Where the visitor was going, not where they were.
    await page.waitForURL(authUrlReturningTo('/projects'));
    expect(errors).toEqual([]);
    await close();
  });

  test('axe finds no violations on /auth and /dashboard in both themes', async ({ browser }) => {
    for (const theme of ['dark', 'light'] as const) {
      const { page, close } = await openPage(browser, { theme, reducedMotion: true });
      const email = `axe.${theme}.${Date.now()}@example.test`;
      await page.goto(url('/auth'));
      await page.getByRole('heading', { name: 'Welcome!' }).waitFor();
      await expectNoAxeViolations(page, `/auth ${theme}`);
      await signUp(page, email, 'accessible-password');
      await expectNoAxeViolations(page, `/auth sign-up tab ${theme}`);
      await logIn(page, email, 'accessible-password');
      await page.waitForURL(url('/'));
      await page.goto(url('/dashboard'));
      await page.getByRole('heading', { name: 'Your profile' }).waitFor();
      await expectNoAxeViolations(page, `/dashboard ${theme}`);
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await expectNoAxeViolations(page, `/dashboard editing ${theme}`);
      await close();
    }
  });
});
