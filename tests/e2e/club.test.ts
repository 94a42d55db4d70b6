import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { accountExportSchema } from '#shared/schemas/account-export.ts';
import { sessionSchema } from '#shared/schemas/auth.ts';
import { expectToast } from '#test/toast.ts';
import {
  adminCli,
  authUrlReturningTo,
  baseUrl,
  expectNoAxeViolations,
  inEachLook,
  LOOKS,
  lookAt,
  openPage,
  openSignedInPage,
  openSignedInPageAs,
  PASSWORD,
  test,
  url,
} from './fixtures.ts';

/*
 * Club operations in Chromium against the built server (product §2 Admin, Dashboard, D12, D13):
 * the first administrator made with the command line, moderation seen live on /people, suspension,
 * reset links, and a member's own password, sessions, data and deletion.
 */

const SHOTS = '/tmp/shots-club';
/** Waiting for a page's address: a time-out says which address it has instead (a rare one here, under load). */
const WHERE_IT_WENT = { timeout: 30_000 };
const SUSPENDED = 'This account is suspended. Ask your club’s RoboForge administrator.';

function promoteWithCli(email: string) {
  expect(adminCli('promote', email)).toBe(`${email} is now an administrator.`);
}

async function api(route: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(new URL(route, baseUrl), {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await api('/api/auth/token?grant_type=password', { method: 'POST', body: { email, password } })).status;
}

/** A session through the API, for setting up a member's profile and bookmarks. */
async function apiSession(email: string, password = PASSWORD) {
  const response = await api('/api/auth/token?grant_type=password', { method: 'POST', body: { email, password } });
  expect(response.status).toBe(200);
  return sessionSchema.parse(await response.json());
}

async function setProfile(email: string, profile: { username?: string; bio?: string }) {
  const session = await apiSession(email);
  const response = await api(`/api/profiles/${session.user.id}`, {
    method: 'PATCH',
    token: session.access_token,
    body: profile,
  });
  expect(response.status).toBe(200);
  return session;
}

/** The administrator of this file: made once, with the command line. */
let adminEmail: string | null = null;

async function openAdmin(browser: Browser, options: Parameters<typeof openPage>[1] = {}) {
  if (adminEmail === null) {
    const first = await openSignedInPage(browser);
    await first.close();
    promoteWithCli(first.email);
    adminEmail = first.email;
  }
  const admin = await openSignedInPageAs(browser, adminEmail, options);
  await admin.page.goto(url('/admin'));
  await admin.page.getByRole('heading', { level: 1, name: 'Run your club' }).waitFor();
  return { ...admin, email: adminEmail };
}

/** Finds the member on /admin and opens their Manage dialog. */
async function manage(page: Page, email: string) {
  await page.getByLabel('Search members by e-mail or username').fill(email);
  await page.getByText(/1 member matches/).waitFor();
  await page.getByRole('button', { name: `Manage ${email}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: email }).waitFor();
  return dialog;
}

/** Starts an action in the Manage dialog, gives the reason and confirms it. */
async function act(page: Page, action: string, reason: string, confirm = action) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}

function memberCard(page: Page, name: string) {
  return page.locator('main ul li').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

describe('club operations', () => {
  test('/admin is a 404 for anonymous visitors and members; the CLI makes an administrator, who gets the link and the page', async ({
    browser,
  }) => {
    const anonymous = await openPage(browser);
    await anonymous.page.goto(url('/admin'));
    await anonymous.page.getByRole('heading', { name: /Oops! Page Not Found/ }).waitFor();
    expect(await anonymous.page.title()).toBe('Page not found · RoboForge');
    expect(await anonymous.page.getByText(/admin/i).count()).toBe(0);
    await anonymous.close();

    const member = await openSignedInPage(browser);
    await member.page.goto(url('/admin'));
    await member.page.getByRole('heading', { name: /Oops! Page Not Found/ }).waitFor();
    expect(await member.page.title()).toBe('Page not found · RoboForge');
    await member.page.goto(url('/dashboard'));
    await member.page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await member.page.getByTestId('user-chip').waitFor();
    expect(await member.page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    // The operator promotes them on the server's machine; a reload shows the link.
    promoteWithCli(member.email);
    adminEmail = member.email;
    await member.page.reload();
    await member.page.getByRole('link', { name: 'Admin' }).click();
    await member.page.waitForURL(url('/admin'));
    await member.page.getByRole('heading', { level: 1, name: 'Run your club' }).waitFor();
    expect(await member.page.title()).toBe('Administration · RoboForge');

    // Their own row: no suspend, demote or delete.
    const own = await manage(member.page, member.email);
    await own.getByText('This is your own account').waitFor();
    for (const name of ['Suspend', 'Make member', 'Delete member']) {
      expect(await own.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await member.page.keyboard.press('Escape');
    await own.waitFor({ state: 'detached' });
    // Escape returned focus to the button that opened the dialog.
    expect(await member.page.evaluate(() => document.activeElement?.textContent)).toContain('Manage');
    // The 404 page logs the path it did not know (product §8); nothing else went wrong.
    expect(member.errors.filter((error) => !error.startsWith('404 Error'))).toEqual([]);
    await member.close();

    // With the Admin link too, the signed-in navigation fits a 320 px phone.
    const phone = await openSignedInPageAs(browser, member.email, { width: 320 });
    await phone.page.goto(url('/dashboard'));
    await phone.page.getByRole('link', { name: 'Admin' }).waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const menu = await phone.page.getByRole('button', { name: 'Open menu' }).boundingBox();
    expect((menu?.x ?? 999) + (menu?.width ?? 0)).toBeLessThanOrEqual(320);
    await phone.close();
  });

  test('an administrator demoted while on /admin gets the 404 page at the next request', async ({ browser }) => {
    const admin = await openSignedInPage(browser);
    promoteWithCli(admin.email);
    await admin.page.goto(url('/admin'));
    await admin.page.getByRole('heading', { level: 1, name: 'Run your club' }).waitFor();
    expect(adminCli('demote', admin.email)).toBe(`${admin.email} is now a member.`);
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    await admin.page.getByRole('heading', { name: /Oops! Page Not Found/ }).waitFor();
    expect(await admin.page.title()).toBe('Page not found · RoboForge');
    await admin.close();
  });

  test('an administrator clears a bio and hides the member: an open /people page changes without a reload', async ({
    browser,
  }) => {
    const target = await openSignedInPage(browser);
    await target.close();
    const name = `Loud ${Date.now() % 100_000}`;
    await setProfile(target.email, { username: name, bio: 'Something nobody should read here.' });

    const watcher = await openPage(browser);
    await watcher.page.goto(url('/people'));
    const card = memberCard(watcher.page, name);
    await card.getByText('Something nobody should read here.').waitFor();
    await watcher.page.evaluate(() => Object.assign(window, { __stillHere: true }));

    const admin = await openAdmin(browser);
    await manage(admin.page, target.email);
    await act(admin.page, 'Clear bio', 'Insults in the bio');
    await expectToast(admin.page, 'Bio cleared', `${target.email} has no bio now.`);
    await card.getByText('Busy building: no bio written yet.').waitFor();
    expect(await card.getByText('Something nobody should read here.').count()).toBe(0);

    // Back on the overview with the changed member: hide them.
    await act(admin.page, 'Hide from community', 'Until the parents call back');
    await expectToast(admin.page, 'Member hidden', `${target.email} is no longer on the community page.`);
    await card.waitFor({ state: 'detached' });
    expect(await watcher.page.evaluate(() => '__stillHere' in window)).toBe(true);
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Show on community' }).waitFor();
    await admin.page.keyboard.press('Escape');

    // The audit log has both, newest first, with the reasons.
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    // This member's entries: other e2e files (running side by side) write to the same audit log meanwhile.
    const entries = admin.page.locator('ol li').filter({ hasText: target.email });
    await entries.first().getByText(`hid ${target.email} from the community page`).waitFor();
    expect(await entries.first().textContent()).toContain('Reason: Until the parents call back');
    expect(await entries.nth(1).textContent()).toContain(`cleared the bio of ${target.email}`);
    expect(admin.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await watcher.close();
    await admin.close();
  });

  test('a member suspended while signed in elsewhere fails at their next action and lands on /auth with a toast', async ({
    browser,
  }) => {
    const victim = await openSignedInPage(browser);
    await victim.page.goto(url('/dashboard'));
    await victim.page.getByRole('heading', { name: 'Your profile' }).waitFor();

    const admin = await openAdmin(browser);
    await manage(admin.page, victim.email);
    await act(admin.page, 'Suspend', 'Shared their password with the whole class');
    await expectToast(admin.page, 'Member suspended', `${victim.email} is signed out everywhere and cannot sign in.`);
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Restore' }).waitFor();

    // The victim's next action: saving the profile.
    await victim.page.getByRole('button', { name: 'Edit profile' }).click();
    await victim.page.getByLabel('Bio').fill('Still here?');
    await victim.page.getByRole('button', { name: 'Save' }).click();
    await expectToast(victim.page, 'Account suspended', SUSPENDED);
    await victim.page.waitForURL(authUrlReturningTo('/dashboard'));
    await victim.page.getByRole('link', { name: 'Login' }).waitFor();
    // Signing in again is refused with the same reason.
    await victim.page.getByLabel('Email').fill(victim.email);
    await victim.page.getByLabel('Password').fill(PASSWORD);
    await victim.page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(victim.page, 'Login failed', SUSPENDED);
    await admin.close();
    await victim.close();
  });

  test('reset link round trip: created once with Copy, opened in another browser, signs in; old password and second use fail', async ({
    browser,
  }) => {
    const member = await openSignedInPage(browser);
    await member.close();
    const admin = await openAdmin(browser);
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const dialog = await manage(admin.page, member.email);
    await dialog.getByRole('button', { name: 'Create reset link' }).click();
    // The reason is optional here.
    await dialog.getByRole('button', { name: 'Create reset link' }).click();
    const link = await dialog.getByLabel('Reset link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/reset-password#token=[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(admin.page, 'Link copied', `Hand it to ${member.email}`);
    expect(await admin.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.getByRole('button', { name: 'Create reset link' }).waitFor();
    await admin.close();

    const phone = await openPage(browser);
    await phone.page.goto(link);
    await phone.page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await phone.page.getByLabel('New password').fill('123');
    await phone.page.getByRole('button', { name: 'Set new password' }).click();
    // The rule said once, now as the field's error (the hint it repeats makes way).
    await phone.page.locator('input[aria-invalid="true"]').waitFor();
    expect(await phone.page.getByText('Password must be at least 6 characters', { exact: true }).count()).toBe(1);
    await phone.page.getByLabel('New password').fill('a-brand-new-password');
    await phone.page.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(phone.page, 'Password changed', 'You are signed in with your new password.');
    await phone.page.waitForURL(url('/'));
    await phone.page.getByTestId('user-chip').waitFor();
    expect(phone.errors).toEqual([]);
    await phone.close();

    expect(await signInStatus(member.email, PASSWORD)).toBe(400);
    expect(await signInStatus(member.email, 'a-brand-new-password')).toBe(200);

    // The link worked once.
    const again = await openPage(browser);
    await again.page.goto(link);
    await again.page.getByLabel('New password').fill('yet-another-password');
    await again.page.getByRole('button', { name: 'Set new password' }).click();
    await again.page.getByRole('alert').getByText('This link does not work').waitFor();
    await again.close();
  });

  test('a member changes the password, signs out everywhere, downloads the data and deletes the account', async ({
    browser,
  }) => {
    const laptop = await openSignedInPage(browser);
    const email = laptop.email;
    const name = `Leaver ${Date.now() % 100_000}`;
    const setup = await setProfile(email, { username: name, bio: 'Building a line follower.' });
    expect(
      (await api('/api/bookmarks', { method: 'POST', token: setup.access_token, body: { project_id: 2 } })).ok,
    ).toBe(true);
    const phone = await openSignedInPageAs(browser, email);
    await phone.page.goto(url('/dashboard'));
    await phone.page.getByRole('heading', { name: 'Your profile' }).waitFor();

    // Change password: other sessions end, this one stays.
    await laptop.page.goto(url('/dashboard'));
    await laptop.page.getByRole('button', { name: 'Change password' }).click();
    await laptop.page.getByLabel('Current password').fill('not my password');
    await laptop.page.getByLabel('New password').fill('second-password');
    await laptop.page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(laptop.page, 'Password not changed', 'The password is not correct');
    await laptop.page.getByLabel('Current password').fill(PASSWORD);
    await laptop.page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(laptop.page, 'Password changed', 'Your other devices have been signed out.');
    await phone.page.reload();
    await expectToast(phone.page, 'Authentication Required', 'Sign in or sign up to access this page.');
    await expect.poll(() => phone.page.url(), WHERE_IT_WENT).toBe(authUrlReturningTo('/dashboard'));
    await laptop.page.reload();
    await laptop.page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await signInStatus(email, PASSWORD)).toBe(400);

    // Sign out everywhere: this browser goes to / with the logout toast, the other at its next action.
    await phone.page.getByLabel('Email').fill(email);
    await phone.page.getByLabel('Password').fill('second-password');
    await phone.page.getByRole('button', { name: 'Login', exact: true }).click();
    // Back where the session ended; then a fresh load, so the phone's next action asks the server.
    await expect.poll(() => phone.page.url(), WHERE_IT_WENT).toBe(url('/dashboard'));
    await phone.page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await phone.page.reload();
    await phone.page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await laptop.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expectToast(laptop.page, 'Logged out', 'You have been logged out on every device.');
    await expect.poll(() => laptop.page.url(), WHERE_IT_WENT).toBe(url('/'));
    await laptop.page.getByRole('link', { name: 'Login' }).waitFor();
    // Its next action that asks the server: opening a page. (A link within the app shows what it read
    // in the last 30 s without asking, so by a link it learns of the sign-out only at its next request.)
    await phone.page.goto(url('/projects'));
    await expectToast(phone.page, 'Authentication Required', 'Sign in or sign up to access this page.');
    await expect.poll(() => phone.page.url(), WHERE_IT_WENT).toBe(authUrlReturningTo('/projects'));
    await phone.close();

    // Download my data: the file the server names, everything in it checked.
    await laptop.page.goto(url('/auth'));
    await laptop.page.getByLabel('Email').fill(email);
    await laptop.page.getByLabel('Password').fill('second-password');
    await laptop.page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => laptop.page.url(), WHERE_IT_WENT).toBe(url('/'));
    await laptop.page.goto(url('/dashboard'));
    const [download] = await Promise.all([
      laptop.page.waitForEvent('download'),
      laptop.page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^roboforge-data-\d{4}-\d{2}-\d{2}\.json$/);
    await expectToast(laptop.page, 'Download started', download.suggestedFilename());
    const data = accountExportSchema.parse(JSON.parse(readFileSync(await download.path(), 'utf8')));
    expect(data.account).toMatchObject({ id: setup.user.id, email, role: 'member', suspended_at: null });
    expect(data.profile).toMatchObject({ username: name, bio: 'Building a line follower.', show_email: false });
    expect(data.bookmarks.map((bookmark) => bookmark.project_id)).toEqual([2]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(data)).not.toMatch(/password|token|hash/i);

    // Delete my account: confirmed with the password; the card leaves an open /people at once.
    const watcher = await openPage(browser);
    await watcher.page.goto(url('/people'));
    const card = memberCard(watcher.page, name);
    await card.waitFor();
    await laptop.page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = laptop.page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('The password is not correct').waitFor();
    await dialog.getByLabel('Your password').fill('second-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(laptop.page, 'Account deleted', 'Your account and everything stored about you are gone.');
    await laptop.page.waitForURL(url('/'));
    await laptop.page.getByRole('link', { name: 'Login' }).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await signInStatus(email, 'second-password')).toBe(400);
    expect(watcher.errors).toEqual([]);
    await watcher.close();
    await laptop.close();
  });

  // Each state reached once and checked in both looks (inEachLook): one journey, where a test a look made it twice.
  // 150 s: four pages, a dialog and two forms checked by axe twice; beside another e2e file on a loaded
  // machine one look of it took over 60 s (the fresh-clone CI run of 2026-11-28).
  test('axe finds no violations on /admin, the dashboard, /reset-password and the forgot-password panel, in both looks (LOOKS); screenshots', {
    timeout: 150_000,
  }, async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await openAdmin(browser, { ...LOOKS[0], reducedMotion: true });
    const { page } = admin;
    await page
      .getByRole('status')
      .filter({ hasText: /members?, newest first/ })
      .waitFor();
    await inEachLook(page, async ({ theme, width }) => {
      await expectNoAxeViolations(page, `/admin ${theme} ${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await lookAt(page, { path: `${SHOTS}/admin-${theme}-${width}.png`, fullPage: true });
    });

    const dialog = await manage(page, admin.email);
    await inEachLook(page, async ({ theme, width }) => {
      await expectNoAxeViolations(page, `/admin manage dialog ${theme} ${width}`);
      await lookAt(page, { path: `${SHOTS}/admin-dialog-${theme}-${width}.png` });
    });
    await dialog.getByRole('button', { name: 'Hide from community' }).click();
    await dialog.getByLabel(/^Reason/).waitFor();
    await inEachLook(page, async ({ theme, width }) => {
      await expectNoAxeViolations(page, `/admin confirm step ${theme} ${width}`);
      await lookAt(page, { path: `${SHOTS}/admin-confirm-${theme}-${width}.png` });
    });
    await page.keyboard.press('Escape');
    await page.getByLabel('Search members by e-mail or username').fill('');

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.locator('ol li').first().waitFor();
    await inEachLook(page, async ({ theme, width }) => {
      await expectNoAxeViolations(page, `/admin audit log ${theme} ${width}`);
      await lookAt(page, { path: `${SHOTS}/admin-audit-${theme}-${width}.png`, fullPage: true });
    });

    await page.goto(url('/dashboard'));
    const account = page.getByRole('region', { name: 'Account and privacy' });
    await account.getByRole('button', { name: 'Change password' }).click();
    await account.getByLabel('Current password').waitFor();
    await inEachLook(page, async ({ theme, width }) => {
      await expectNoAxeViolations(page, `/dashboard ${theme} ${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // The section is taller than the window: cut it out of a full-page picture.
      const box = await account.boundingBox();
      const scrollY = await page.evaluate(() => window.scrollY);
      if (box) {
        await lookAt(page, {
          path: `${SHOTS}/dashboard-account-${theme}-${width}.png`,
          fullPage: true,
          clip: { ...box, y: box.y + scrollY },
        });
      }
    });
    await account.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog').getByLabel('Your password').waitFor();
    await inEachLook(page, async ({ theme, width }) => {
      await expectNoAxeViolations(page, `/dashboard delete dialog ${theme} ${width}`);
      await lookAt(page, { path: `${SHOTS}/dashboard-delete-${theme}-${width}.png` });
    });
    await page.keyboard.press('Escape');
    expect(admin.errors).toEqual([]);
    await admin.close();

    const visitor = await openPage(browser, { ...LOOKS[0], reducedMotion: true });
    await visitor.page.goto(url('/reset-password#token=not-a-real-token'));
    await visitor.page.getByLabel('New password').waitFor();
    await inEachLook(visitor.page, async ({ theme, width }) => {
      await expectNoAxeViolations(visitor.page, `/reset-password ${theme} ${width}`);
      await lookAt(visitor.page, { path: `${SHOTS}/reset-password-${theme}-${width}.png`, fullPage: true });
    });
    await visitor.page.goto(url('/reset-password'));
    await visitor.page.getByText('This page needs your reset link').waitFor();
    await inEachLook(visitor.page, async ({ theme, width }) => {
      await lookAt(visitor.page, {
        path: `${SHOTS}/reset-password-missing-${theme}-${width}.png`,
        fullPage: true,
      });
    });
    await visitor.page.goto(url('/auth'));
    await visitor.page.getByRole('button', { name: 'Forgot password?' }).click();
    await visitor.page.getByText("Ask your club's RoboForge administrator for a reset link.").waitFor();
    await inEachLook(visitor.page, async ({ theme, width }) => {
      await expectNoAxeViolations(visitor.page, `/auth forgot password ${theme} ${width}`);
      await lookAt(visitor.page, { path: `${SHOTS}/forgot-password-admin-${theme}-${width}.png`, fullPage: true });
    });
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });
});
