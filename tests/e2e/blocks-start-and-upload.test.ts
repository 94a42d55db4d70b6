import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ROUTES, tutorialPath } from '#shared/routes.ts';
import { unoWithOptiboot } from '#test/optiboot.ts';
import { attachSimulatedSerial } from '#test/simulated-web-serial.ts';
import { openSignedInPage, test, url } from './fixtures.ts';

/*
 * Blocks beyond the trainer board (issue 33), in Chromium against the built server and the real
 * compile service: a tutorial's "Start with blocks" opens blocks on that robot's circuit, whose part
 * blocks name its parts; and a blocks sketch goes onto a board over Web Serial (the real optiboot on
 * a simulated Uno behind navigator.serial, as tests/e2e/upload.test.ts does for text) and runs there.
 */

const WAIT = { timeout: 30_000 };

/** The C++ beside the blocks, line by line. */
const generatedLines = (page: Page) =>
  page
    .locator('[data-generated-code] code')
    .allInnerTexts()
    .then((lines) => lines.map((line) => line.trimEnd()));

/** The text of the blocks in a toolbox drawer, once it is open. */
async function drawerTexts(page: Page, drawer: string | RegExp) {
  await page.getByRole('treeitem', { name: drawer }).click();
  const blocks = page.locator('.blocklyFlyout .blocklyDraggable');
  await blocks.first().waitFor(WAIT);
  return (await blocks.allTextContents()).join(' | ').replace(/\s+/g, ' ');
}

describe('blocks on a tutorial’s circuit, and on a board', () => {
  test('a tutorial’s “Start with blocks” opens blocks on that robot’s circuit, its part blocks naming its parts', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser, { width: 1280 });
    await page.goto(url(`${tutorialPath('plant-watering-robot')}#edit`));
    const edit = page.getByRole('button', { name: 'Edit the code' });
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    await page.getByRole('button', { name: 'Start with blocks' }).click();
    await page.waitForURL(/\/playground\/[0-9a-f-]{36}$/, WAIT);
    await page.getByRole('heading', { level: 1, name: 'My Plant Watering Robot with blocks' }).waitFor(WAIT);
    await expect.poll(() => generatedLines(page), WAIT).toContain('void loop() {');
    expect((await generatedLines(page))[0]).toBe('// Made with blocks on the Plant Watering Robot circuit.');

    // The drawers hold this circuit's parts, not the trainer board's.
    const outputs = await drawerTexts(page, /LEDs & outputs/);
    expect(outputs).toContain('relay module');
    expect(outputs).not.toMatch(/red LED|green LED/);
    const sensors = await drawerTexts(page, /Sensors/);
    expect(sensors).toContain('soil moisture sensor');
    expect(sensors).not.toMatch(/push button|HC-SR04/);
    // Drawers for parts the circuit lacks are not there.
    for (const absent of ['Servo', 'Buzzer', 'LCD']) {
      expect(await page.getByRole('treeitem', { name: absent, exact: true }).count(), absent).toBe(0);
    }

    // Saved on that circuit: the playground's list says so after a reload.
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state'), WAIT).toBe('saved');
    await page.goto(url(ROUTES.playground));
    await expect
      .poll(() => page.locator('[data-own-sketch]').allInnerTexts(), WAIT)
      .toEqual([expect.stringContaining('Plant Watering Robot')]);
    expect(errors).toEqual([]);
    await close();
  });

  test('a blocks sketch is compiled, uploaded over Web Serial, checked, and blinks the board’s red LED', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser);
    const board = await unoWithOptiboot();
    const serial = await attachSimulatedSerial(page, board);
    await page.goto(url(ROUTES.playground));
    await page.getByRole('button', { name: /^Blink \(blocks\)/ }).click();
    await page.waitForURL(/\/playground\/[0-9a-f-]{36}$/, WAIT);
    await expect.poll(() => generatedLines(page), WAIT).toContain('  digitalWrite(RED_LED_PIN, HIGH);');
    // A sketch of one's own: its upload is on its page, with no tutorial's program to choose.
    await expect(page.getByRole('radio', { name: 'The tutorial’s program' }).count()).resolves.toBe(0);
    expect(board.isOutput('D6')).toBe(false);

    await serial.startClock();
    await page.getByRole('button', { name: 'Upload my version' }).click();
    await page.getByText('Uploaded and checked.').waitFor({ timeout: 60_000 });
    // The board runs the blocks' program: pin 6 (the red LED) an output, on and off in turn.
    await expect.poll(() => board.isOutput('D6'), WAIT).toBe(true);
    await expect.poll(() => board.isHigh('D6'), WAIT).toBe(true);
    await expect.poll(() => board.isHigh('D6'), WAIT).toBe(false);
    await expect.poll(() => board.isHigh('D6'), WAIT).toBe(true);
    await serial.stopClock();
    expect(errors).toEqual([]);
    await close();
  });
});
