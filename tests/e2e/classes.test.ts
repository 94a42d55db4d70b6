import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { ROOT } from '#test/repository-root.ts';
import {
  expectNoAxeViolations,
  inEachLook,
  LOOKS,
  lookAt,
  openPage,
  openSignedInPage,
  openSignedInPageAs,
  test,
  url,
} from './fixtures.ts';

/*
 * Class mode in Chromium against the built server (product §2 Classes, D16): a teacher made with the
 * command line creates a class, adds learners from a pasted list and prints their cards; a learner
 * signs in at /c/<code>, ticks a step and asks for help; the teacher's grid and help queue follow live.
 */

const SHOTS = '/tmp/shots-classes';

/** `npm run admin -- teacher <email>` against the test server's database, as an operator runs it. */
function adminCli(command: 'teacher' | 'member', email: string): string {
  return execFileSync(process.execPath, ['scripts/admin.ts', command, email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  }).trim();
}

/** Text as a PDF holds it, spaces squashed. */
const squash = (text: string) => text.replace(/\s+/g, '');

async function printToPdf(
  page: Page,
  format: 'A4' | 'Letter',
  landscape = false,
): Promise<{ text: string; pages: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'roboforge-classes-print-'));
  try {
    const file = path.join(dir, `print-${format}.pdf`);
    // preferCSSPageSize: the report's landscape @page wins over the format's orientation.
    writeFileSync(file, await page.pdf({ format, landscape, preferCSSPageSize: landscape }));
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    mkdirSync(SHOTS, { recursive: true });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      file,
      `${SHOTS}/print-${format}${landscape ? '-report' : ''}`,
    ]);
    return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('class mode', () => {
  test('a teacher made on the command line runs a class: pasted names, cards, a learner signs in, the grid and the help queue follow live', {
    timeout: 120_000,
  }, async ({ browser }) => {
    // The teacher: an account of the site, made a teacher by the operator.
    const teacher = await openSignedInPage(browser, { width: 1280 });
    expect(adminCli('teacher', teacher.email)).toBe(`${teacher.email} is now a teacher.`);
    const { page } = teacher;
    await page.goto(url('/classes'));
    await page.getByRole('heading', { level: 1, name: 'Your classes' }).waitFor();
    await page.getByLabel('New class').fill('Year 8 Robotics');
    // Creating a class opens it (issue 36).
    await page.getByRole('button', { name: 'Create class' }).click();
    await page.getByRole('heading', { level: 1, name: 'Year 8 Robotics' }).waitFor();
    const address = (await page.getByTestId('sign-in-address').innerText()).trim();
    const code = address.split('/c/')[1] ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await page.getByTestId('live-state').getByText('Live').waitFor();

    // Learners from a pasted list (one a line), with their secret words shown once.
    await page.getByRole('tab', { name: 'Learners' }).click();
    // A class of 25, as a teacher pastes it from a spreadsheet's column (a blank line or two included).
    const others = Array.from({ length: 22 }, (_, i) => `Pupil${String.fromCharCode(65 + i)} Example`);
    await page
      .getByLabel('Add learners')
      .fill(['Ada Lovelace', 'Grace Hopper', '', 'Alan Turing', ...others, ''].join('\n'));
    await page.getByText('25 learners: Ada L., Grace H., Alan T., PupilA E., PupilB E., PupilC E., …').waitFor();
    await page.getByRole('button', { name: 'Add 25 learners' }).click();
    const secrets = page.getByTestId('new-secrets');
    await secrets.waitFor();
    const rows = secrets.locator('tbody tr');
    expect(await rows.count()).toBe(25);
    const words = await secrets.getByTestId('secret').allInnerTexts();
    for (const secret of words) expect(secret).toMatch(/^[a-z]{3,6} [a-z]{3,6} [a-z]{3,6}$/);
    const adaSecret = (await rows.filter({ hasText: 'Ada L.' }).getByTestId('secret').innerText()).trim();

    // Printable cards: eight a page, whole on A4 and on US Letter; nothing else of the page.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.emulateMedia({ media: 'print' });
    for (const format of ['A4', 'Letter'] as const) {
      // Each print ends the print sheet (afterprint): ask for it again, as a teacher would.
      await page.getByRole('button', { name: 'Print sign-in cards' }).click();
      await page.waitForFunction(() => document.documentElement.dataset.print === 'cards');
      const printed = await printToPdf(page, format);
      // Eight cards a page: 25 learners are four pages, cut the same on both papers.
      expect(printed.pages, format).toBe(4);
      const text = squash(printed.text);
      for (const secret of words) expect(text, `${format}: ${secret}`).toContain(squash(secret));
      for (const name of ['Ada L.', 'Grace H.', 'Alan T.', 'PupilV E.']) expect(text).toContain(squash(name));
      expect(text).toContain(squash(address));
      expect(text.toLowerCase()).toContain(squash('year 8 robotics'));
      for (const absent of ['Add learners', 'Help queue', 'Dashboard', 'Skip to content']) {
        expect(text, absent).not.toContain(squash(absent));
      }
    }
    await page.emulateMedia({ media: 'screen' });
    await expectNoAxeViolations(page, 'class learners tab');
    await page.getByRole('button', { name: 'I have them' }).click();
    await page.getByRole('tab', { name: 'Progress' }).click();
    const adaCell = page.getByRole('button', { name: /^\d+\/\d+ steps: Ada L\., Plant Watering Robot$/ });
    await expect(adaCell.innerText()).resolves.toMatch(/^0\/\d+$/);

    // The learner, on another device: the class's page, their name, their words.
    const learner = await openPage(browser, { width: 375 });
    await learner.page.goto(url(`/c/${code.toLowerCase()}`));
    await learner.page.getByRole('heading', { level: 1, name: 'Year 8 Robotics' }).waitFor();
    // Its axe check, dark at 375 px as here: the LOOKS test below.
    await learner.page.getByRole('button', { name: 'Ada L.' }).click();
    expect(await learner.page.locator('form').first().getAttribute('method')).toBe('post');
    await learner.page.getByLabel('Your secret words').fill('wrong words here');
    await learner.page.getByRole('button', { name: 'Sign in' }).click();
    await learner.page.getByText('Those are not your secret words.').waitFor();
    await learner.page.getByLabel('Your secret words').fill(adaSecret.toUpperCase());
    await learner.page.getByRole('button', { name: 'Sign in' }).click();
    await learner.page.waitForURL(url('/projects'));
    // Never a secret in an address.
    expect(learner.page.url()).not.toContain(adaSecret.split(' ')[0] ?? '-');
    // The header calls her by the name her teacher gave her, not the username made for her.
    await expect.poll(() => learner.page.getByTestId('user-chip').innerText(), { timeout: 15_000 }).toBe('Ada L.');

    // A tick on the tutorial reaches the teacher's grid without a reload.
    await learner.page.goto(url('/projects/plant-watering-robot'));
    const firstStep = learner.page.getByRole('checkbox', { name: 'Done: step 1', exact: true });
    await firstStep.check();
    // Of the tutorial's 10 steps, as its page counts them (its safety warning is not one).
    await expect.poll(async () => adaCell.innerText(), { timeout: 15_000 }).toBe('1/10');
    await adaCell.click();
    await page
      .getByRole('dialog')
      .getByText(/^Done .* UTC$/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    // The learner keeps their own version of the tutorial's code (saved to their account, as the editor does).
    const learnerToken = await learner.page.evaluate(
      () => JSON.parse(localStorage.getItem('roboforge.auth.session') ?? '{}').access_token,
    );
    const original = await (await fetch(url('/sketches/plant-watering-robot.ino'))).text();
    const saved = await fetch(url('/api/sketches/tutorials/plant-watering-robot'), {
      method: 'PUT',
      headers: { authorization: `Bearer ${learnerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source: `// Ada: water for longer\n${original}`, base_revision: null }),
    });
    expect(saved.status).toBe(201);

    // Help: the learner asks; the teacher sees who, where, how long; "I'm coming" reaches the learner.
    await learner.page.getByRole('button', { name: 'Ask for help' }).click();
    // A dialog named by its title, with focus inside (not modal: the page stays usable beside it).
    const helpCard = learner.page.getByRole('dialog', { name: 'Stuck? Ask your teacher' });
    await helpCard.waitFor();
    await expect.poll(() => helpCard.evaluate((card) => card.contains(document.activeElement))).toBe(true);
    await learner.page.getByLabel('I’m stuck on').selectOption({ label: 'step 2' });
    await learner.page.locator('form').getByRole('button', { name: 'Ask for help' }).click();
    await learner.page.getByRole('heading', { name: 'Waiting for your teacher' }).waitFor();
    await expectNoAxeViolations(learner.page, 'tutorial with the help card at 375 px');
    const request = page.getByTestId('help-request');
    await request.getByText('Stuck on step 2 of Plant Watering Robot').waitFor({ timeout: 15_000 });
    expect(await request.innerText()).toContain('Ada L.');
    expect(await request.innerText()).toMatch(/waiting (just now|\d+ min)/);
    // Their code, beside the tutorial's: what they changed, read-only; and the grid marks who changed it.
    await request.getByRole('button', { name: 'Their code' }).click();
    const theirCode = page.getByRole('dialog').getByTestId('their-code');
    await expect(theirCode.locator('[data-diff="added"]').innerText()).resolves.toContain('// Ada: water for longer');
    await expect(theirCode.locator('[data-diff="removed"]').count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'the help queue’s Their code dialog');
    await lookAt(page, { path: `${SHOTS}/their-code-dialog.png` });
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^\d+\/\d+ steps, changed the code: Ada L\., Plant Watering Robot$/ })
      .waitFor({ timeout: 15_000 });
    await request.getByRole('button', { name: 'I’m coming' }).click();
    await learner.page.getByRole('heading', { name: 'Your teacher is coming!' }).waitFor({ timeout: 15_000 });
    await request.getByRole('button', { name: 'Done helping Ada L.' }).click();
    await page.getByText('Nobody is waiting.').waitFor();
    await learner.page.getByRole('heading', { name: 'Stuck? Ask your teacher' }).waitFor({ timeout: 15_000 });

    // The printable report: the grid on landscape paper, each learner's steps done.
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('button', { name: 'Print report' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.print === 'report');
    const report = await printToPdf(page, 'A4', true);
    const reportText = squash(report.text);
    expect(reportText).toContain(squash('Year 8 Robotics: progress on'));
    for (const name of ['Ada L.', 'Grace H.', 'Alan T.', 'PupilV E.']) expect(reportText).toContain(squash(name));
    expect(reportText).toMatch(/1\/10/);
    expect(reportText).not.toContain(squash('Help queue'));
    await page.emulateMedia({ media: 'screen' });

    // The learner is nobody on the community page.
    const people = await (await fetch(url('/api/profiles'))).text();
    expect(people).not.toContain('Ada');

    expect(teacher.errors).toEqual([]);
    // The one failed request the browser reports is the wrong words typed on purpose above.
    expect(learner.errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await learner.close();
    await teacher.close();
  });

  test('one learner at a time, and the class’s own community page: off until the teacher switches it on, then its learners see their classmates and teachers, never a username', {
    timeout: 180_000,
  }, async ({ browser }) => {
    const teacher = await openSignedInPage(browser, { width: 1280 });
    expect(adminCli('teacher', teacher.email)).toBe(`${teacher.email} is now a teacher.`);
    const { page } = teacher;
    await page.goto(url('/classes'));
    await page.getByLabel('New class').fill('Robot Rangers');
    await page.getByRole('button', { name: 'Create class' }).click();
    await page.getByRole('heading', { level: 1, name: 'Robot Rangers' }).waitFor();
    const classUrl = page.url();
    const code = (await page.getByTestId('sign-in-address').innerText()).trim().split('/c/')[1] ?? '';

    // One learner at a time: Enter adds, the words show at once. (What the Name field says of a name
    // it refuses: roster.component.test.tsx.)
    await page.getByRole('tab', { name: 'Learners' }).click();
    const name = page.getByLabel('Name', { exact: true });
    const addOne = page.getByRole('button', { name: 'Add learner', exact: true });
    await name.fill('Ada Lovelace');
    await name.press('Enter');
    const secrets = page.getByTestId('new-secrets');
    await secrets.locator('tbody tr', { hasText: 'Ada L.' }).waitFor();
    expect(await name.inputValue()).toBe('');
    expect(await name.getAttribute('aria-invalid')).toBe('false');
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    // The next one joins the same panel: the first pupil's words are still there to print.
    await name.fill('Grace Hopper');
    await addOne.click();
    await secrets.locator('tbody tr', { hasText: 'Grace H.' }).waitFor();
    expect(await secrets.locator('tbody tr').count()).toBe(2);
    const row = (who: string) => secrets.locator('tbody tr', { hasText: who });
    const adaSecret = (await row('Ada L.').getByTestId('secret').innerText()).trim();
    const usernames = [
      (await row('Ada L.').locator('td').nth(1).innerText()).trim(),
      (await row('Grace H.').locator('td').nth(1).innerText()).trim(),
    ];
    await expectNoAxeViolations(page, 'learners tab after adding one learner');
    await page.getByRole('button', { name: 'I have them' }).click();
    await page.getByRole('heading', { name: '2 learners' }).waitFor();

    // Settings: the switch is off; the teacher previews what learners would see.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const toggle = page.getByRole('switch', { name: 'Class community page' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByText('Off: only this class’s teachers can see it.').waitFor();
    await page.getByRole('link', { name: 'Preview the page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Robot Rangers — your class' }).waitFor();
    await page.getByText('Preview: your learners cannot see this page yet.').waitFor();
    expect(await page.getByTestId('class-member').allInnerTexts()).toEqual([
      expect.stringMatching(/^T\s+Teacher\s+Teacher\s+You\s+Joined /i),
      expect.stringMatching(/^A\s+Ada L\.\s+Joined /i),
      expect.stringMatching(/^G\s+Grace H\.\s+Joined /i),
    ]);

    // The learner, on a phone: before the switch, no way to the page from the dashboard, and the page says why.
    const learner = await openPage(browser, { width: 375 });
    await learner.page.goto(url(`/c/${code}`));
    await learner.page.getByRole('button', { name: 'Ada L.' }).click();
    await learner.page.getByLabel('Your secret words').fill(adaSecret);
    await learner.page.getByRole('button', { name: 'Sign in' }).click();
    await learner.page.waitForURL(url('/projects'));
    await learner.page.goto(url('/dashboard'));
    await learner.page.getByText('gets a page of its own here when your teacher opens it').waitFor();
    expect(await learner.page.getByRole('link', { name: /^Your class/ }).count()).toBe(0);
    const communityPath = new URL(`${classUrl}/community`).pathname;
    await learner.page.goto(url(communityPath));
    await learner.page.getByText('Your class’s page is not open yet').waitFor();
    await expectNoAxeViolations(learner.page, 'community page not open yet, 375 px');
    mkdirSync(SHOTS, { recursive: true });
    await lookAt(learner.page, { path: `${SHOTS}/community-not-open-375.png`, fullPage: true });

    // The teacher switches it on.
    await page.goto(classUrl);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await toggle.click();
    await page.getByText('On: your learners can see it.').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // The class's answer, not only the switch: it holds after a reload.
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    // "Check again" reads it anew; then the dashboard leads there too.
    await learner.page.getByRole('button', { name: 'Check again' }).click();
    await learner.page.getByRole('heading', { level: 1, name: 'Robot Rangers — your class' }).waitFor();
    await learner.page.goto(url('/dashboard'));
    await learner.page.getByRole('link', { name: 'Your class: Robot Rangers' }).click();
    await learner.page.waitForURL(url(communityPath));
    await learner.page.getByRole('heading', { level: 1, name: 'Robot Rangers — your class' }).waitFor();
    expect(await learner.page.getByTestId('community-count').innerText()).toBe('2 learners · 1 teacher');
    // (innerText is as shown: the badges' letters are capitals.)
    const tiles = await learner.page.getByTestId('class-member').allInnerTexts();
    expect(tiles).toHaveLength(3);
    expect(tiles[1]).toMatch(/Ada L\.\s+You\s+Joined/i);
    expect(tiles[2]).toMatch(/Grace H\./);
    expect(await learner.page.getByTestId('community-preview').count()).toBe(0);
    const shown = await learner.page.locator('main').innerText();
    for (const hidden of [...usernames, teacher.email, teacher.email.split('@')[0] ?? '-']) {
      expect(shown, hidden).not.toContain(hidden);
    }
    // Its axe check, dark at 375 px as here: the LOOKS test below.
    const overflow = await learner.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(teacher.errors).toEqual([]);
    // The one failed request: the page asked before the teacher had opened it (404 class_community_off).
    expect(new Set(learner.errors)).toEqual(
      new Set(['Failed to load resource: the server responded with a status of 404 (Not Found)']),
    );
    await learner.close();
    await teacher.close();
  });

  test('the class pages pass axe at 375 px and on a desktop, in both themes (LOOKS), and look right', {
    timeout: 300_000,
  }, async ({ browser }) => {
    const setup = await openSignedInPage(browser);
    expect(adminCli('teacher', setup.email)).toBe(`${setup.email} is now a teacher.`);
    await setup.page.goto(url('/classes'));
    await setup.page.getByLabel('New class').fill('Maker Club');
    await setup.page.getByRole('button', { name: 'Create class' }).click();
    await setup.page.getByRole('heading', { level: 1, name: 'Maker Club' }).waitFor();
    await setup.page.getByRole('tab', { name: 'Learners' }).click();
    await setup.page.getByLabel('Add learners').fill('name,year\nZoë Ōkubo,8\n"Ng, Bao",8\nKatherine Johnson,8\n');
    await setup.page.getByRole('button', { name: 'Add 3 learners' }).click();
    await setup.page.getByTestId('new-secrets').waitFor();
    const zoeSecret = (
      await setup.page
        .getByTestId('new-secrets')
        .locator('tbody tr', { hasText: 'Zoë Ō.' })
        .getByTestId('secret')
        .innerText()
    ).trim();
    const classUrl = setup.page.url();
    const address = (await setup.page.getByTestId('sign-in-address').innerText()).trim();
    const code = address.split('/c/')[1] ?? '';
    await setup.page.getByRole('button', { name: 'I have them' }).click();
    await setup.page.getByRole('tab', { name: 'Settings' }).click();
    await setup.page.getByRole('switch', { name: 'Class community page' }).click();
    await setup.page.getByText('On: your learners can see it.').waitFor();
    await setup.close();
    mkdirSync(SHOTS, { recursive: true });

    // Each state reached once and checked in both looks (inEachLook): one journey, not one a look.
    const teacher = await openSignedInPageAs(browser, setup.email, LOOKS[0]);
    for (const [name, route, ready] of [
      ['classes', '/classes', 'Your classes'],
      ['class', classUrl, 'Maker Club'],
    ] as const) {
      await teacher.page.goto(route.startsWith('http') ? route : url(route));
      await teacher.page.getByRole('heading', { level: 1, name: ready }).waitFor();
      if (name === 'class') await teacher.page.getByRole('table').waitFor();
      await inEachLook(teacher.page, async ({ theme, width }) => {
        await expectNoAxeViolations(teacher.page, `${name} ${theme} ${width}`);
        const overflow = await teacher.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${theme} ${width}: no sideways scrolling`).toBeLessThanOrEqual(0);
        await lookAt(teacher.page, { path: `${SHOTS}/${name}-${theme}-${width}.png`, fullPage: true });
      });
    }
    for (const tab of ['Learners', 'Settings']) {
      await teacher.page.getByRole('tab', { name: tab }).click();
      await teacher.page.getByRole('tabpanel').waitFor();
      await inEachLook(teacher.page, async ({ theme, width }) => {
        await expectNoAxeViolations(teacher.page, `class ${tab} ${theme} ${width}`);
        await lookAt(teacher.page, {
          path: `${SHOTS}/class-${tab.toLowerCase()}-${theme}-${width}.png`,
          fullPage: true,
        });
      });
    }
    // The class's community page as its teacher sees it (product D18).
    await teacher.page.getByRole('link', { name: 'Open the page' }).click();
    await teacher.page.getByRole('heading', { level: 1, name: 'Maker Club — your class' }).waitFor();
    await teacher.page.getByTestId('class-member').first().waitFor();
    await inEachLook(teacher.page, async ({ theme, width }) => {
      await expectNoAxeViolations(teacher.page, `class community (teacher) ${theme} ${width}`);
      const overflow = await teacher.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `class community (teacher) ${theme} ${width}: no sideways scrolling`).toBeLessThanOrEqual(0);
      await lookAt(teacher.page, { path: `${SHOTS}/community-teacher-${theme}-${width}.png`, fullPage: true });
    });
    expect(teacher.errors).toEqual([]);
    await teacher.close();

    const pupil = await openPage(browser, LOOKS[0]);
    await pupil.page.goto(url(`/c/${code}`));
    await pupil.page.getByRole('button', { name: 'Zoë Ō.' }).waitFor();
    await inEachLook(pupil.page, async ({ theme, width }) => {
      await expectNoAxeViolations(pupil.page, `class sign-in ${theme} ${width}`);
      await lookAt(pupil.page, { path: `${SHOTS}/sign-in-${theme}-${width}.png`, fullPage: true });
    });
    await pupil.page.getByRole('button', { name: 'Bao N.' }).click();
    await pupil.page.getByLabel('Your secret words').waitFor();
    await inEachLook(pupil.page, async ({ theme, width }) => {
      await expectNoAxeViolations(pupil.page, `class sign-in words ${theme} ${width}`);
      await lookAt(pupil.page, { path: `${SHOTS}/sign-in-words-${theme}-${width}.png` });
    });
    // Signed in, on a tutorial: the Ask-for-help card.
    await pupil.page.getByLabel('Your secret words').fill(zoeSecret);
    await pupil.page.getByRole('button', { name: 'That is not me' }).click();
    await pupil.page.getByRole('button', { name: 'Zoë Ō.' }).click();
    await pupil.page.getByLabel('Your secret words').fill(zoeSecret);
    await pupil.page.getByRole('button', { name: 'Sign in' }).click();
    await pupil.page.waitForURL(url('/projects'));
    await pupil.page.goto(url('/projects/solar-tracking-robot'));
    await pupil.page.getByRole('button', { name: 'Ask for help' }).click();
    await pupil.page.getByRole('heading', { name: 'Stuck? Ask your teacher' }).waitFor();
    await inEachLook(pupil.page, async ({ theme, width }) => {
      await expectNoAxeViolations(pupil.page, `tutorial with the help card ${theme} ${width}`);
      await lookAt(pupil.page, { path: `${SHOTS}/tutorial-help-${theme}-${width}.png` });
    });
    await pupil.page.goto(url('/dashboard'));
    await pupil.page.getByRole('heading', { name: 'You are in a class' }).waitFor();
    await pupil.page.getByRole('link', { name: 'Your class: Maker Club' }).waitFor();
    await inEachLook(pupil.page, async ({ theme, width }) => {
      await expectNoAxeViolations(pupil.page, `learner dashboard ${theme} ${width}`);
      await lookAt(pupil.page, { path: `${SHOTS}/learner-dashboard-${theme}-${width}.png`, fullPage: true });
    });
    // Their class's own page (product D18), from the dashboard.
    await pupil.page.getByRole('link', { name: 'Your class: Maker Club' }).click();
    await pupil.page.getByRole('heading', { level: 1, name: 'Maker Club — your class' }).waitFor();
    await pupil.page.getByText('Katherine J.').waitFor();
    await inEachLook(pupil.page, async ({ theme, width }) => {
      await expectNoAxeViolations(pupil.page, `class community ${theme} ${width}`);
      const sideways = await pupil.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, `class community ${theme} ${width}: no sideways scrolling`).toBeLessThanOrEqual(0);
      await lookAt(pupil.page, { path: `${SHOTS}/community-learner-${theme}-${width}.png`, fullPage: true });
    });
    expect(pupil.errors).toEqual([]);
    await pupil.close();
  });
});
