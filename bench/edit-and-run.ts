/**
 * `node bench/edit-and-run.ts` after `npm run build`: a learner's edited sketch from pressing Run to
 * its first serial byte (issue 32's goal: within 1.5 s, median), in Chromium against the built server
 * with the real compile service (sandbox on), a fresh SQLite and a fresh temporary folder. The plant
 * robot's sketch is opened in "Edit the code" and its first message changed to a text no one compiled
 * before for each run, so each Run compiles on the server (cold, not cached), then the simulator
 * starts the new program. Split in two: Run to "Compiled" (the request and the compile) and the rest
 * (the simulator's start and the sketch's own way to its first print). Each board's core archive is
 * built before the runs (one Run of the original), as a running server has it after its first compile.
 *
 * Writes the "edit-and-run" section of bench/RESULTS.md; `npm run bench` runs it too. BENCH_QUICK=1 for a short run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '#test/repository-root.ts';
import { requireBuild } from '#test/require-build.ts';
import { testSettings } from '#test/settings.ts';
import { signUpAndSignIn } from '#test/sign-up.ts';
import { FIRST_SERIAL_MARK } from '#web/features/simulator/hooks/use-simulator.ts';
import { SESSION_STORAGE_KEY } from '#web/lib/auth/storage-key.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { writeResultsSection } from './results-file.ts';
import { median, startServer } from './support.ts';

const quick = testSettings.benchQuick;
const log = (message: string) => console.warn(`[bench:edit-and-run] ${message}`);
const RUNS = quick ? 3 : 9;
const SLUG = 'plant-watering-robot';
const GOAL_MS = 1500;
const ORIGINAL = readFileSync(path.join(ROOT, 'src/shared/content/sketches', `${SLUG}.ino`), 'utf8');
const READY = 'Plant Watering Robot ready';
if (!ORIGINAL.includes(READY)) throw new Error(`The ${SLUG} sketch no longer prints "${READY}"`);

export interface EditAndRunResult {
  readonly runs: readonly { readonly compiledMs: number; readonly firstByteMs: number }[];
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
}

/** Replaces the editor's whole text as a paste would. */
async function paste(page: Page, text: string) {
  await page.getByRole('textbox', { name: `Your version of ${SLUG}.ino` }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

/** Presses Run and answers when the page said "Compiled" and when the first serial byte came, from the press. */
async function runOnce(page: Page, said: string) {
  await paste(page, ORIGINAL.replace(READY, said));
  const before = await page.evaluate((mark) => performance.getEntriesByName(mark).length, FIRST_SERIAL_MARK);
  const pressedAt = await page.evaluate(() => performance.now());
  await page.locator('[data-workbench]').getByRole('button', { name: /^Run/ }).click();
  await page.getByText('Compiled: your version runs in the simulator below.').waitFor({ timeout: 30_000 });
  const compiledAt = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    ({ mark, count }) => performance.getEntriesByName(mark).length > count,
    { mark: FIRST_SERIAL_MARK, count: before },
    { timeout: 30_000 },
  );
  const firstByteAt = await page.evaluate(
    (mark) => performance.getEntriesByName(mark).at(-1)?.startTime ?? 0,
    FIRST_SERIAL_MARK,
  );
  // The first byte must be this run's program: its new message reaches the serial monitor.
  await page
    .locator('[data-simulator]')
    .getByRole('log', { name: 'Serial output' })
    .getByText(said)
    .waitFor({ timeout: 10_000 });
  return { compiledMs: compiledAt - pressedAt, firstByteMs: firstByteAt - pressedAt };
}

export async function benchEditAndRun(): Promise<EditAndRunResult> {
  requireBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roboforge-bench-edit-'));
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', COMPILES_PER_MINUTE: '100000' });
  const browser = await launchBrowser();
  try {
    const session = JSON.stringify(
      await signUpAndSignIn(server.baseUrl, `bench-edit-${Date.now()}@example.test`, 'bench-password-123'),
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: SESSION_STORAGE_KEY,
      value: session,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}/projects/${SLUG}#edit`);
    const edit = page.getByRole('button', { name: 'Edit the code' });
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    await page.getByRole('textbox', { name: `Your version of ${SLUG}.ino` }).waitFor({ timeout: 30_000 });
    log('warming up: the Uno core archive and the simulator’s code');
    await runOnce(page, 'Edited run 0');
    const loadBefore = os.loadavg();
    const runs: { compiledMs: number; firstByteMs: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const measured = await runOnce(page, `Edited run ${run} at ${Date.now()}`);
      log(
        `run ${run}: compiled after ${Math.round(measured.compiledMs)} ms, first byte after ${Math.round(measured.firstByteMs)} ms`,
      );
      runs.push(measured);
    }
    const loadAfter = os.loadavg();
    await context.close();
    if (errors.length > 0) throw new Error(errors.join('; '));
    return { runs, loadBefore, loadAfter };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function editAndRunMarkdown(r: EditAndRunResult): string {
  const firstBytes = r.runs.map((run) => run.firstByteMs);
  const compiled = r.runs.map((run) => run.compiledMs);
  const firstByte = median(firstBytes);
  const load = (values: readonly number[]) => values.map((v) => v.toFixed(1)).join(' / ');
  return [
    '## Edit and run: Run to the first serial byte (`node bench/edit-and-run.ts`, in `npm run bench`)',
    '',
    `Written by \`node bench/edit-and-run.ts\` on ${new Date().toISOString().slice(0, 10)}, after \`npm run build\`.`,
    `Machine: ${os.cpus().length} cores, Node ${process.version}; load average (1 / 5 / 15 min) ${load(r.loadBefore)} at the start and ${load(r.loadAfter)} at the end.`,
    `Chromium at 1280 px against the built server (sandbox on, fresh SQLite), signed in; the ${SLUG} sketch in "Edit the code", its first message changed to a new text for each of ${r.runs.length} runs, so each Run compiles on the server; after one warm-up Run (the Uno's core archive, the simulator's code). From the press of Run, by the page's clock.`,
    '',
    '| goal (issue 32) | measured (median) | verdict |',
    '|---|---|---|',
    `| an edited sketch's first serial byte within ${(GOAL_MS / 1000).toFixed(1)} s of Run | ${Math.round(firstByte)} ms (fastest ${Math.round(Math.min(...firstBytes))} ms, slowest ${Math.round(Math.max(...firstBytes))} ms) | ${firstByte <= GOAL_MS ? 'met' : '**not met**'} |`,
    '',
    `Of it, Run to "Compiled" (the request, the queue, the compile in its sandbox, the answer): median ${Math.round(median(compiled))} ms; the rest (the simulator's worker starting the new program, the sketch's own way to its first print) median ${Math.round(median(r.runs.map((run) => run.firstByteMs - run.compiledMs)))} ms.`,
  ].join('\n');
}

if (import.meta.main) {
  const result = await benchEditAndRun();
  const markdown = editAndRunMarkdown(result);
  process.stdout.write(`${markdown}\n`);
  writeResultsSection('edit-and-run', markdown);
}
