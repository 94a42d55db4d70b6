import { describe, expect } from 'vitest';
import { ROUTES } from '#shared/routes.ts';
import { classWithLearners } from './class-setup.ts';
import { adminCli, expectNoAxeViolations, openPage, openSignedInPage, test, url } from './fixtures.ts';

/*
 * Help with a blocks sketch (issue 33), in Chromium against the built server: a learner of a class
 * starts "Blink" with blocks in the playground and asks for help with it there; the teacher's help
 * queue says it was made with blocks and shows the C++ the blocks make, the text the learner sees
 * beside their blocks.
 */

const WAIT = { timeout: 30_000 };

describe('help with a blocks sketch', () => {
  test('a learner asks about the blocks sketch they are on; the help queue shows its C++, made with blocks', {
    timeout: 150_000,
  }, async ({ browser }) => {
    const teacher = await openSignedInPage(browser, { width: 1280 });
    expect(adminCli('teacher', teacher.email)).toBe(`${teacher.email} is now a teacher.`);
    const klass = await classWithLearners(teacher.email, 'Blocks club', ['Ada Lovelace']);
    const secret = klass.learners[0]?.secret ?? '';

    // The learner signs in with their words and starts "Blink" with blocks.
    const learner = await openPage(browser, { width: 1280 });
    await learner.page.goto(url(`/c/${klass.joinCode}`));
    await learner.page.getByRole('button', { name: 'Ada L.' }).click();
    await learner.page.getByLabel('Your secret words').fill(secret);
    await learner.page.getByRole('button', { name: 'Sign in' }).click();
    await learner.page.waitForURL(url('/projects'));
    await learner.page.goto(url(ROUTES.playground));
    await learner.page.getByRole('button', { name: /^Blink \(blocks\)/ }).click();
    await learner.page.waitForURL(/\/playground\/[0-9a-f-]{36}$/, WAIT);
    const generated = learner.page.locator('[data-generated-code] code');
    await expect.poll(() => generated.allInnerTexts(), WAIT).toContain('void loop() {');
    const theirLines = (await generated.allInnerTexts()).map((line) => line.trimEnd());

    // On the sketch's page, the help card asks about this sketch: no tutorial step to pick.
    await learner.page.getByRole('button', { name: 'Ask for help' }).click();
    const card = learner.page.getByRole('dialog', { name: 'Stuck? Ask your teacher' });
    await card.getByText('Your teacher will see this sketch’s code.').waitFor();
    expect(await card.getByLabel('I’m stuck on').count()).toBe(0);
    await card.getByRole('button', { name: 'Ask for help with this sketch' }).click();
    await learner.page.getByRole('heading', { name: 'Waiting for your teacher' }).waitFor();
    await learner.page.getByText('About this sketch').waitFor();
    await expectNoAxeViolations(learner.page, 'a blocks sketch with the help card open');

    // The teacher's queue: made with blocks, and the C++ its blocks make, read-only.
    const { page } = teacher;
    await page.goto(url(`/classes/${klass.id}`));
    const request = page.getByTestId('help-request');
    await request.getByText('Stuck with their blocks sketch “Blink with blocks”').waitFor(WAIT);
    await request.getByRole('button', { name: 'Their sketch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ada L.’s sketch' });
    const shown = dialog.getByTestId('their-sketch');
    await shown.getByText(/Made with blocks: this is the C\+\+ their blocks make/).waitFor(WAIT);
    expect(await shown.innerText()).toContain('Blink with blocks, on the trainer board.');
    const code = (await shown.locator('pre').innerText()).split('\n').map((line) => line.trimEnd());
    expect(code.filter((line) => line !== '')).toEqual(theirLines.filter((line) => line !== ''));
    expect(code).toContain('  digitalWrite(RED_LED_PIN, HIGH);');
    await expectNoAxeViolations(page, 'the help queue’s Their sketch dialog, a blocks program');
    await page.keyboard.press('Escape');
    await request.getByRole('button', { name: 'Done helping Ada L.' }).click();
    await page.getByText('Nobody is waiting.').waitFor();

    expect(teacher.errors).toEqual([]);
    expect(learner.errors).toEqual([]);
    await learner.close();
    await teacher.close();
  });
});
