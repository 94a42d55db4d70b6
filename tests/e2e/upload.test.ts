import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { imageFromHex } from '#device/simulator/intel-hex.ts';
import { unoWithOptiboot } from '#test/optiboot.ts';
import { attachSimulatedSerial } from '#test/simulated-web-serial.ts';
import { expectNoAxeViolations, inEachLook, LOOKS, lookAt, openSignedInPage, test, url } from './fixtures.ts';

// The learner's path from "Upload to your board" to a running robot, against the real optiboot on a
// simulated Uno behind navigator.serial (tests/support/simulated-web-serial.ts).

const SLUG = 'plant-watering-robot';
const image = imageFromHex(
  readFileSync(path.resolve(import.meta.dirname, `../../src/shared/content/sketches/${SLUG}.hex`), 'utf8'),
);

async function openUpload(page: Page) {
  await page.goto(url(`/projects/${SLUG}`));
  await page.getByRole('button', { name: 'Set up the upload' }).click();
}

describe('uploading to a board from the tutorial page', () => {
  test('uploads, checks every byte, and shows the board running in the serial monitor', async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser);
    const board = await unoWithOptiboot();
    const serial = await attachSimulatedSerial(page, board);
    await openUpload(page);
    await serial.startClock();
    await page.getByRole('button', { name: 'Upload to board' }).click();
    await expect.poll(() => page.getByRole('progressbar', { name: 'Upload progress' }).count()).toBe(1);
    await page.getByText('Uploaded and checked.').waitFor({ timeout: 30_000 });
    expect([...board.flash.subarray(0, image.length)]).toEqual([...image]);
    // Opening the monitor resets the board, so its first line comes after the bootloader's second. The
    // board runs in lockstep with the page's clock (one step each, in turn): on a loaded machine that is
    // 5–10 s of wall time. (This wait timed out in CI while the simulated chip's watchdog was broken by
    // a reset during optiboot's wait: the board then stayed in its bootloader; see board.test.ts.)
    await page
      .getByRole('log', { name: 'Serial output' })
      .getByText('Plant Watering Robot ready')
      .waitFor({ timeout: 30_000 });
    await serial.stopClock();
    await lookAt(page.locator('#upload'), { path: '/tmp/shots/upload-done-1280.png' });
    expect(errors).toEqual([]);
    await close();
  });

  test('uploads the learner’s own version when they changed the code, and says which it sends', {
    timeout: 90_000,
  }, async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser);
    const board = await unoWithOptiboot();
    const serial = await attachSimulatedSerial(page, board);
    await page.goto(url(`/projects/${SLUG}#edit`));
    await page.getByRole('button', { name: 'Edit the code' }).click();
    const original = readFileSync(
      path.resolve(import.meta.dirname, `../../src/shared/content/sketches/${SLUG}.ino`),
      'utf8',
    );
    await page.getByRole('textbox', { name: `Your version of ${SLUG}.ino` }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(original.replace('Plant Watering Robot ready', 'Uploaded: my own version'));
    await expect
      .poll(() => page.locator('[data-save-state]').getAttribute('data-save-state'), { timeout: 15_000 })
      .toBe('saved');

    await page.getByRole('button', { name: 'Set up the upload' }).click();
    await expect(page.getByRole('radio', { name: /^Your version/ }).isChecked()).resolves.toBe(true);
    await serial.startClock();
    // Not compiled yet on this device: the upload compiles it first, then writes it.
    await page.getByRole('button', { name: 'Upload my version' }).click();
    await page.getByText('Uploaded and checked.').waitFor({ timeout: 45_000 });
    await page
      .getByRole('log', { name: 'Serial output' })
      .getByText('Uploaded: my own version')
      .waitFor({ timeout: 30_000 });
    await serial.stopClock();
    // The tutorial's program is one choice away.
    await page.getByRole('radio', { name: 'The tutorial’s program' }).check();
    await page.getByRole('button', { name: 'Upload again' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  test('uploads a sketch of the learner’s own from the playground: only it, no tutorial’s program to choose', {
    timeout: 90_000,
  }, async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser);
    const board = await unoWithOptiboot();
    const serial = await attachSimulatedSerial(page, board);
    await page.goto(url('/playground'));
    await page.getByRole('button', { name: /^Blank sketch/ }).click();
    await page.waitForURL(/\/playground\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Your sketch My sketch' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(
      'void setup() {\n  Serial.begin(9600);\n  Serial.println("Hello from my own sketch");\n}\n\nvoid loop() {}\n',
    );
    // The playground's page is for the learner's own sketch: its upload is there, not behind a button.
    await expect(page.getByRole('radio', { name: 'The tutorial’s program' }).count()).resolves.toBe(0);
    await serial.startClock();
    await page.getByRole('button', { name: 'Upload my version' }).click();
    await page.getByText('Uploaded and checked.').waitFor({ timeout: 45_000 });
    await page
      .getByRole('log', { name: 'Serial output' })
      .getByText('Hello from my own sketch')
      .waitFor({ timeout: 30_000 });
    await serial.stopClock();
    expect(errors).toEqual([]);
    await close();
  });

  test('says what to do when the cable comes out halfway, and the next upload works', async ({ browser }) => {
    const { page, close } = await openSignedInPage(browser);
    const board = await unoWithOptiboot();
    const serial = await attachSimulatedSerial(page, board);
    await openUpload(page);
    await serial.startClock();
    await page.getByRole('button', { name: 'Upload to board' }).click();
    // Unplugged once a good part of the program is on its way.
    await expect.poll(() => serial.port()?.bytesSent ?? 0, { timeout: 20_000 }).toBeGreaterThan(1_500);
    serial.unplug();
    await page.getByRole('alert').getByText('The board was disconnected during the upload').waitFor();
    serial.plugIn();
    await page.getByRole('button', { name: 'Upload to board' }).click();
    await page.getByText('Uploaded and checked.').waitFor({ timeout: 30_000 });
    expect([...board.flash.subarray(0, image.length)]).toEqual([...image]);
    await serial.stopClock();
    await close();
  });

  test('the serial monitor opened on a board already running shows its program from the start', async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser);
    const board = await unoWithOptiboot(image);
    // Powered on a while ago: its setup() printed "Plant Watering Robot ready" to nobody.
    board.runMillis(2_000);
    const serial = await attachSimulatedSerial(page, board);
    await openUpload(page);
    await serial.startClock();
    await page.getByRole('button', { name: 'Only open the serial monitor' }).click();
    // Opening the monitor resets the board (DTR), as the Arduino IDE's does, so setup() runs again.
    await page
      .getByRole('log', { name: 'Serial output' })
      .getByText('Plant Watering Robot ready')
      .waitFor({ timeout: 30_000 });
    await serial.stopClock();
    expect(errors).toEqual([]);
    await close();
  });

  // Where the browser has no Web Serial (the message, the .hex, the .ino and avrdude): upload-panel.component.test.tsx.

  test('axe finds no violations with the upload open, in both looks (LOOKS)', async ({ browser }) => {
    // One load, checked in each look: the panel has no width-specific markup (the 375 px layout is the same elements stacked).
    const { page, close } = await openSignedInPage(browser, LOOKS[0]);
    await attachSimulatedSerial(page, await unoWithOptiboot());
    await openUpload(page);
    await page.getByRole('button', { name: 'Upload to board' }).waitFor();
    await inEachLook(page, async ({ theme, width }) => {
      await lookAt(page.locator('#upload'), { path: `/tmp/shots/upload-${theme}-${width}.png` });
      await expectNoAxeViolations(page, `upload ${theme} ${width}px`);
    });
    await close();
  });
});
