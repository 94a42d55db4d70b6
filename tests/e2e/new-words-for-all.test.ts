import { describe, expect } from 'vitest';
import { classWithLearners, signInStatus } from './class-setup.ts';
import { adminCli, expectNoAxeViolations, lookAt, openSignedInPage, test, url } from './fixtures.ts';

/*
 * "New words for all" (issue 36) on a phone, in Chromium against the built server: a teacher added
 * pupils, saw their words once and lost the page; on the class's Learners tab they give everyone new
 * words after a warning that the old cards stop working, and print the whole class's cards again.
 */

const SHOTS = '/tmp/shots-classes';

describe('new words for all', () => {
  test('at 375 px the teacher replaces every learner’s words after a confirm, and prints the cards again; the old words stop working', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const teacher = await openSignedInPage(browser, { width: 375, theme: 'light' });
    expect(adminCli('teacher', teacher.email)).toBe(`${teacher.email} is now a teacher.`);
    const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];
    const klass = await classWithLearners(teacher.email, 'Year 7 Robots', names);
    const { page } = teacher;

    // A reload later, the words are gone from the page: only the names are listed.
    await page.goto(url(`/classes/${klass.id}`));
    await page.getByRole('tab', { name: 'Learners' }).click();
    await page.getByRole('heading', { name: '3 learners' }).waitFor();
    expect(await page.getByTestId('new-secrets').count()).toBe(0);

    // The button asks first, and says what stops working; "Keep the old words" changes nothing.
    await page.getByRole('button', { name: 'New words for all' }).click();
    const confirm = page.getByRole('dialog', { name: 'New secret words for all 3 learners?' });
    await confirm.getByText('the cards you printed before stop working').waitFor();
    await expectNoAxeViolations(page, 'the New words for all dialog, light, 375 px');
    await lookAt(page, { path: `${SHOTS}/new-words-for-all-confirm-375.png` });
    await confirm.getByRole('button', { name: 'Keep the old words' }).click();
    await confirm.waitFor({ state: 'hidden' });
    for (const learner of klass.learners) expect(await signInStatus(klass.joinCode, learner, learner.secret)).toBe(200);

    await page.getByRole('button', { name: 'New words for all' }).click();
    await confirm.getByRole('button', { name: 'Replace everyone’s words' }).click();
    const secrets = page.getByTestId('new-secrets');
    await secrets.waitFor();
    const rows = secrets.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const shown = new Map<string, string>();
    for (const row of await rows.all()) {
      const cells = await row.locator('td').allInnerTexts();
      shown.set(cells[0]?.trim() ?? '', cells[2]?.trim() ?? '');
    }
    expect([...shown.keys()].sort()).toEqual(['Ada L.', 'Alan T.', 'Grace H.']);
    for (const learner of klass.learners) {
      const fresh = shown.get(learner.display_name) ?? '';
      expect(fresh).toMatch(/^[a-z]{3,6} [a-z]{3,6} [a-z]{3,6}$/);
      expect(fresh).not.toBe(learner.secret);
      // The old card no longer signs in; the new words do.
      expect(await signInStatus(klass.joinCode, learner, learner.secret)).toBe(400);
      expect(await signInStatus(klass.joinCode, learner, fresh)).toBe(200);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, 'the class’s new words, light, 375 px');
    await lookAt(page, { path: `${SHOTS}/new-words-for-all-375.png`, fullPage: true });

    // The cards of the whole class, to print: every name with its new words.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('button', { name: 'Print sign-in cards' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.print === 'cards');
    const cards = page.locator('.sign-in-card');
    await expect.poll(() => cards.count()).toBe(3);
    for (const [name, words] of shown) {
      const card = cards.filter({ hasText: name });
      await expect(card.locator('.secret').innerText()).resolves.toBe(words);
    }
    await page.emulateMedia({ media: 'screen' });
    expect(teacher.errors).toEqual([]);
    await teacher.close();
  });
});
