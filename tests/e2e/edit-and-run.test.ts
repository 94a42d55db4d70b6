import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { tutorialPath } from '#shared/routes.ts';
import { ROOT } from '#test/repository-root.ts';
import { expectNoAxeViolations, lookAt, openSignedInPage, test, url } from './fixtures.ts';

/*
 * Edit and run (issue 32), in Chromium against the production build and the real compile service:
 * a learner changes the plant robot's sketch, runs their version in the simulator, makes a mistake
 * and reads it in plain words on its line, finds their version again after a reload, and goes back
 * to the tutorial's code. Needs the AVR toolchain and bubblewrap, as the server does.
 */

const WAIT = { timeout: 30_000 };
const SLUG = 'plant-watering-robot';
const ORIGINAL = readFileSync(path.join(ROOT, 'src/shared/content/sketches', `${SLUG}.ino`), 'utf8');
const MINE = ORIGINAL.replace('Plant Watering Robot ready', 'My plant robot waters for longer').replace(
  'PUMP_TIME_MS = 3000;',
  'PUMP_TIME_MS = 8000;',
);

async function openEditor(page: Page, how: 'go' | 'reload' = 'go') {
  if (how === 'reload') await page.reload();
  else await page.goto(url(`${tutorialPath(SLUG)}#edit`));
  const button = page.getByRole('button', { name: 'Edit the code' });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const editor = page.getByRole('textbox', { name: `Your version of ${SLUG}.ino` });
  await editor.waitFor();
  return editor;
}

/**
 * The editor's whole text. CodeMirror draws only the lines in view, so the page's text is not it:
 * its view hangs on its content element (`cmView`, CodeMirror 6).
 */
function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const content = document.querySelector('.cm-content');
    const hook = content && (Reflect.get(content, 'cmTile') ?? Reflect.get(content, 'cmView'));
    return String(hook?.view?.state?.doc ?? '');
  });
}

/** The line the editor's selection starts on. */
function editorSelectionLine(page: Page): Promise<number> {
  return page.evaluate(() => {
    const content = document.querySelector('.cm-content');
    const hook = content && (Reflect.get(content, 'cmTile') ?? Reflect.get(content, 'cmView'));
    const state = hook?.view?.state;
    return state ? Number(state.doc.lineAt(state.selection.main.from).number) : 0;
  });
}

/** Replaces the whole text as a paste would. */
async function typeAll(page: Page, text: string) {
  await page.getByRole('textbox', { name: `Your version of ${SLUG}.ino` }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

describe('edit and run', () => {
  test('a learner changes the plant robot’s code, runs it, fixes a mistake, finds it again after a reload and goes back', {
    timeout: 150_000,
  }, async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser, { theme: 'dark' });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(url(tutorialPath(SLUG)));
    await page.getByRole('button', { name: 'Edit the code' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The editor's code is not part of the page until asked for.
    expect(requests.filter((p) => /edit-and-run|code-workbench|codemirror/.test(p))).toEqual([]);

    const editor = await openEditor(page);
    await expect.poll(() => editorText(page)).toBe(ORIGINAL);
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('unchanged');

    // The keyboard is never trapped: Escape, then Tab, leaves the editor.
    await editor.click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') === null)).toBe(true);

    // A mistake: a missing `;`, said in plain words on its own line, with the compiler's words beside them.
    const broken = MINE.replace('pinMode(PUMP_PIN, OUTPUT);', 'pinMode(PUMP_PIN, OUTPUT)');
    expect(broken).not.toBe(MINE);
    await typeAll(page, broken);
    await page.getByRole('button', { name: 'Run my version' }).click();
    const errorsBox = page.locator('[data-compile-errors]');
    await errorsBox.waitFor(WAIT);
    const brokenLine = broken.split('\n').findIndex((line) => line.includes('pinMode(PUMP_PIN, OUTPUT)')) + 1;
    await expect(errorsBox.innerText()).resolves.toContain(
      `Line ${brokenLine}: a \`;\` is missing at the end of this line.`,
    );
    await expect(errorsBox.innerText()).resolves.toMatch(/The compiler: expected ';' before/);
    // The mistake's line has come into the editor's window, marked, and focus stayed on Run.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const scroller = document.querySelector('.cm-scroller')?.getBoundingClientRect();
          const marker = document.querySelector('.cm-lint-marker-error')?.getBoundingClientRect();
          return Boolean(scroller && marker && marker.top >= scroller.top && marker.bottom <= scroller.bottom);
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Run my version');
    // The plain words take the cursor to the line, marked in the editor's gutter.
    await errorsBox
      .getByRole('button', { name: `Line ${brokenLine}: a \`;\` is missing at the end of this line.` })
      .click();
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null)).toBe(true);
    await page.locator('.cm-lint-marker-error').first().waitFor();
    await expectNoAxeViolations(page, 'the editor with a mistake');

    // Fixed: the learner's version runs in the simulator under the editor.
    await typeAll(page, MINE);
    await page.getByRole('button', { name: 'Run my version' }).click();
    const monitor = page.locator('[data-simulator]').getByRole('log', { name: 'Serial output' });
    await expect
      .poll(async () => (await monitor.textContent()) ?? '', WAIT)
      .toContain('My plant robot waters for longer');
    await expect.poll(async () => (await monitor.textContent()) ?? '', WAIT).toContain('Pump ON');
    await page.getByText('Compiled: your version runs in the simulator below.').waitFor();
    mkdirSync('/tmp/shots', { recursive: true });
    await lookAt(page.locator('#edit'), {
      path: '/tmp/shots/edit-and-run-1280-dark.png',
      style: 'body > header, body header.fixed { visibility: hidden !important; }',
    });

    // What they changed, against the tutorial's code.
    await page.getByRole('button', { name: 'What I changed' }).click();
    const diff = page.getByRole('region', { name: 'What you changed' });
    await expect(diff.locator('[data-diff="added"]').allInnerTexts()).resolves.toEqual([
      expect.stringContaining('PUMP_TIME_MS = 8000;'),
      expect.stringContaining('My plant robot waters for longer'),
    ]);
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state'), WAIT).toBe('saved');

    // Saved to the account: after a reload (and on any device) the editor opens their version.
    await openEditor(page, 'reload');
    await expect.poll(() => editorText(page)).toBe(MINE);

    // A step card's lines open in the learner's editor, not the reader: where they now are, three
    // lines lower after three lines added above them.
    await typeAll(page, `// my notes\n// more notes\n// and more\n${MINE}`);
    const jump = page.locator('.code-excerpt a.jump-link').first();
    const from = Number((await jump.getAttribute('href'))?.match(/^#L(\d+)/)?.[1]);
    expect(from).toBeGreaterThan(0);
    await jump.scrollIntoViewIfNeeded();
    await jump.click();
    await expect.poll(() => editorSelectionLine(page)).toBe(from + 3);
    expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null)).toBe(true);
    expect(await page.locator('dialog.sketch-reader[open]').count()).toBe(0);

    // Back to the tutorial's code (after a confirm): the original again, and nothing kept.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Back to the tutorial’s code' }).click();
    await expect.poll(() => editorText(page)).toBe(ORIGINAL);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('roboforge.auth.session') ?? '{}').access_token,
    );
    await expect
      .poll(
        async () =>
          (await fetch(url(`/api/sketches/tutorials/${SLUG}`), { headers: { authorization: `Bearer ${token}` } }))
            .status,
      )
      .toBe(404);
    // The failed compile is the one error the browser reports (422 is an answer, not a fault).
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await close();
  });

  test('on a phone, in the light theme, the editor and a mistake read well', { timeout: 90_000 }, async ({
    browser,
  }) => {
    const { page, errors, close } = await openSignedInPage(browser, { theme: 'light', width: 375 });
    await openEditor(page);
    await typeAll(page, ORIGINAL.replace('Serial.begin(9600);', 'Serial.begin(9600)'));
    await page.getByRole('button', { name: 'Run my version' }).click();
    await page.locator('[data-compile-errors]').waitFor(WAIT);
    await expectNoAxeViolations(page, 'the editor with a mistake at 375 px, light');
    mkdirSync('/tmp/shots', { recursive: true });
    await lookAt(page.locator('#edit'), {
      path: '/tmp/shots/edit-and-run-375-light.png',
      style: 'body > header, body header.fixed { visibility: hidden !important; }',
    });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await close();
  });
});
