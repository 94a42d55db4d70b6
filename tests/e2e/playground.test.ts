import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ROUTES, tutorialPath } from '#shared/routes.ts';
import { ROOT } from '#test/repository-root.ts';
import { expectNoAxeViolations, lookAt, openSignedInPage, test, url } from './fixtures.ts';

/*
 * The playground (issue 32), in Chromium against the production build and the real compile service:
 * a learner starts the Blink example in one click, runs it on the simulated trainer board, renames
 * it, finds it in their list and deletes it; on a phone, a tutorial's "Start my own on this circuit"
 * opens a blank sketch on that robot's wiring.
 */

const WAIT = { timeout: 30_000 };
const SHOTS = '/tmp/shots';
const BLINK = readFileSync(path.join(ROOT, 'src/shared/content/trainer-starters/blink.ino'), 'utf8');

/** The editor's whole text (CodeMirror draws only the lines in view; its view hangs on its content element). */
function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const content = document.querySelector('.cm-content');
    const hook = content && (Reflect.get(content, 'cmTile') ?? Reflect.get(content, 'cmView'));
    return String(hook?.view?.state?.doc ?? '');
  });
}

const shotStyle = 'body > header, body header.fixed { visibility: hidden !important; }';

describe('the playground', () => {
  test('is in a member’s navigation from first paint, on a computer and in the phone menu', async ({ browser }) => {
    const computer = await openSignedInPage(browser, { waitForApp: false });
    await computer.page.goto(url(ROUTES.projects), { waitUntil: 'domcontentloaded' });
    const nav = computer.page.getByRole('navigation', { name: 'Main' });
    const link = nav.getByRole('link', { name: 'Playground' });
    // There before the app knows the session, and where it was once it does: the bar does not move.
    const painted = await link.boundingBox();
    expect(painted).not.toBeNull();
    await computer.page.getByTestId('user-chip').waitFor(WAIT);
    await computer.page.locator('html:not([data-session])').waitFor({ state: 'attached' });
    expect(await link.boundingBox()).toEqual(painted);
    await link.click();
    await computer.page.waitForURL(url(ROUTES.playground));
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
    expect(computer.errors).toEqual([]);
    await computer.close();

    const phone = await openSignedInPage(browser, { width: 375 });
    await phone.page.goto(url(ROUTES.projects));
    await phone.page.getByTestId('user-chip').waitFor(WAIT);
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await phone.page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
    await phone.page.waitForURL(url(ROUTES.playground));
    await phone.page.getByRole('button', { name: /^Blink(?! \(blocks\))/ }).waitFor(WAIT);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  test('Blink in one click runs on the trainer board; the sketch is renamed, listed and deleted', {
    timeout: 150_000,
  }, async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser, { theme: 'dark' });
    await page.goto(url(ROUTES.playground));
    // The quickest visitor clicks the moment the example shows.
    await page.getByRole('button', { name: /^Blink(?! \(blocks\))/ }).click();
    await page.waitForURL(/\/playground\/[0-9a-f-]{36}$/, WAIT);
    const editor = page.getByRole('textbox', { name: 'Your sketch Blink' });
    await editor.waitFor(WAIT);
    await expect.poll(() => editorText(page)).toBe(BLINK);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Blink');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const red = page.locator('[data-simulator] [data-output="redLed"]');
    await expect.poll(() => red.getAttribute('data-state'), WAIT).toBe('On');
    await expect.poll(() => red.getAttribute('data-state'), WAIT).toBe('Off');
    await expect(page.locator('[data-simulator] [data-output="greenLed"]').getAttribute('data-state')).resolves.toBe(
      'Off',
    );
    mkdirSync(SHOTS, { recursive: true });
    await lookAt(page, { path: `${SHOTS}/playground-sketch-1280-dark.png`, fullPage: true, style: shotStyle });

    // Renamed: saved as typing is, and what the account has after a reload.
    await page.getByRole('button', { name: 'Rename' }).click();
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Give the sketch a name').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await name.fill('Red blinker');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { level: 1, name: 'Red blinker' }).waitFor();
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state'), WAIT).toBe('saved');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Red blinker' }).waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Your sketch Red blinker' }).waitFor(WAIT);
    await expect.poll(() => editorText(page)).toBe(BLINK);

    // Listed, and deleted after a confirm: from the account too.
    await page.getByRole('link', { name: 'All my sketches' }).click();
    const list = page.locator('[data-own-sketch]');
    await expect.poll(() => list.allInnerTexts(), WAIT).toEqual([expect.stringContaining('Red blinker')]);
    await expect(list.first().innerText()).resolves.toContain('Trainer board');
    await page.getByRole('heading', { name: 'The trainer board' }).scrollIntoViewIfNeeded();
    await page.locator('.wiring-svg svg').waitFor(WAIT);
    await expectNoAxeViolations(page, 'the playground, dark, 1280 px');
    await lookAt(page, { path: `${SHOTS}/playground-1280-dark.png`, fullPage: true, style: shotStyle });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Red blinker' }).click();
    await page.getByText('No sketches yet.').waitFor(WAIT);
    await page.reload();
    await page.getByText('No sketches yet.').waitFor(WAIT);
    expect(errors).toEqual([]);
    await close();
  });

  test('on a phone, a tutorial’s “Start my own on this circuit” opens a blank sketch on its wiring', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser, { theme: 'light', width: 375 });
    await page.goto(url(`${tutorialPath('plant-watering-robot')}#edit`));
    const edit = page.getByRole('button', { name: 'Edit the code' });
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    await page.getByRole('button', { name: 'Start my own on this circuit' }).click();
    await page.waitForURL(/\/playground\/[0-9a-f-]{36}$/, WAIT);
    await page.getByRole('heading', { level: 1, name: 'My Plant Watering Robot' }).waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Your sketch My Plant Watering Robot' }).waitFor(WAIT);
    const text = await editorText(page);
    expect(text).toContain('// My own sketch on the Plant Watering Robot circuit.');
    expect(text).toMatch(/^\/\/ {3}A0 {2}Soil moisture sensor/m);
    await expect(page.getByText('Plant Watering Robot', { exact: true }).first().isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page, 'a sketch of one’s own, light, 375 px');
    mkdirSync(SHOTS, { recursive: true });
    await lookAt(page, { path: `${SHOTS}/playground-sketch-375-light.png`, fullPage: true, style: shotStyle });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: 'All my sketches' }).click();
    await expect
      .poll(() => page.locator('[data-own-sketch]').allInnerTexts(), WAIT)
      .toEqual([expect.stringContaining('Plant Watering Robot')]);
    await page.locator('.wiring-svg svg').waitFor(WAIT);
    await expectNoAxeViolations(page, 'the playground, light, 375 px');
    await lookAt(page, { path: `${SHOTS}/playground-375-light.png`, fullPage: true, style: shotStyle });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await close();
  });
});
