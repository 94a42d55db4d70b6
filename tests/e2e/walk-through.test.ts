import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectToast } from '#test/toast.ts';
import {
  adminCli,
  expectNoAxeViolations,
  LOOKS,
  lookAt,
  openPage,
  openSignedInPage,
  openSignedInPageAs,
  test,
  url,
} from './fixtures.ts';

/*
 * The walk-through of issue 36 at 375 px, as a 12-year-old and their teacher go: sign up then log in,
 * a new class, and a class of 25 pasted from a spreadsheet with one name too long.
 */

const SHOTS = '/tmp/shots-walk-through';

/** Left edges of the header's content (the logo) and of the page's (`selector`), in CSS pixels. */
async function leftEdges(page: Page, selector: string) {
  return page.evaluate((target) => {
    const left = (element: Element | null) => Math.round(element?.getBoundingClientRect().left ?? -1);
    return {
      header: left(document.querySelector('nav[aria-label="Main"] a')),
      content: left(document.querySelector(target)),
    };
  }, selector);
}

describe('walk-through at 375 px', () => {
  test('after signing up, Login holds the new e-mail and waits in the password field', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser, { width: 375, theme: 'dark' });
    const email = `walk.${Date.now()}@example.test`;
    await page.goto(url('/auth'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('twelve-and-building');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Success!', 'Account created! You can now log in.');

    await page.getByRole('tab', { name: 'Login', selected: true }).waitFor();
    const password = page.getByLabel('Password');
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await password.inputValue()).toBe('');
    // The sign-up form was cleared (product §8): its fields are empty when the tab comes back.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await page.getByRole('tab', { name: 'Login' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Password').fill('twelve-and-building');
    await page.getByLabel('Password').press('Enter');
    await expectToast(page, 'Welcome back!', 'Successfully logged in.');
    await page.waitForURL(url('/'));
    expect(errors).toEqual([]);
    await close();
  });

  test('a new class opens at once, offers to add learners, and a list of 25 with one name too long adds the 24', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const teacher = await openSignedInPage(browser, { width: 375, theme: 'dark' });
    expect(adminCli('teacher', teacher.email)).toBe(`${teacher.email} is now a teacher.`);
    const { page, errors } = teacher;
    await page.goto(url('/classes'));
    await page.getByRole('heading', { level: 1, name: 'Your classes' }).waitFor();
    const list = await leftEdges(page, 'main h1');
    expect(list.content).toBe(list.header);
    await page.getByLabel('New class').fill('Year 7 Robots');
    await page.getByRole('button', { name: 'Create class' }).click();

    // The class itself, not the list: its empty grid says what to do next.
    await page.waitForURL(/\/classes\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Year 7 Robots' }).waitFor();
    const empty = page.getByTestId('grid-empty');
    await empty.getByText('No learners in this class yet.').waitFor();
    const edges = await leftEdges(page, 'main a[href="/classes"]');
    expect(edges.content).toBe(edges.header);
    await expectNoAxeViolations(page, 'a new class, dark, 375 px');
    await lookAt(page, { path: `${SHOTS}/new-class-375-dark.png`, fullPage: true });
    await empty.getByRole('button', { name: 'Add learners' }).click();
    await page.getByRole('tab', { name: 'Learners', selected: true }).waitFor();
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);

    // A class of 25 from a spreadsheet; one name is over the limit.
    const long = 'Maximiliana Alexandra Konstantinopoulou-Featherstonehaugh';
    const pupils = Array.from({ length: 24 }, (_, i) => `Pupil${String.fromCharCode(65 + i)} Example`);
    await page.getByLabel('Add learners').fill([...pupils.slice(0, 10), long, ...pupils.slice(10)].join('\n'));
    const refused = page.getByTestId('refused-names');
    await refused.getByText('1 name cannot be added:').waitFor();
    expect(await refused.getByRole('listitem').innerText()).toBe(
      `“${long}” (${long.length} characters): Name must be at most 40 characters.`,
    );
    expect(await page.getByRole('button', { name: 'Add 25 learners' }).count()).toBe(0);
    await lookAt(page, { path: `${SHOTS}/refused-name-375-dark.png`, fullPage: true });
    await page.getByRole('button', { name: 'Add 24 learners' }).click();

    // The words, shown once, come into view with their heading focused.
    const secrets = page.getByTestId('new-secrets');
    await secrets.waitFor();
    expect(await secrets.locator('tbody tr').count()).toBe(24);
    const heading = page.getByRole('heading', { name: 'Print or save these secret words now' });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        heading.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    // The refused name stays in the box, whole, to be shortened and added.
    expect(await page.getByLabel('Add learners').inputValue()).toBe(long);
    await page.getByRole('heading', { name: '24 learners' }).waitFor();
    await expectNoAxeViolations(page, 'learners added, dark, 375 px');
    await lookAt(page, { path: `${SHOTS}/secrets-375-dark.png` });
    expect(errors).toEqual([]);

    // The class page lines up with the header on a desktop too, in the other look.
    const desktop = await openSignedInPageAs(browser, teacher.email, LOOKS[1]);
    await desktop.page.goto(page.url());
    await desktop.page.getByRole('heading', { level: 1, name: 'Year 7 Robots' }).waitFor();
    const wide = await leftEdges(desktop.page, 'main a[href="/classes"]');
    expect(wide.content).toBe(wide.header);
    await lookAt(desktop.page, { path: `${SHOTS}/class-1280-light.png`, fullPage: true });
    expect(desktop.errors).toEqual([]);
    await desktop.close();
    await teacher.close();
  });
});
