import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations, openPage, test, url, waitForHydration } from './fixtures.ts';

/** The read-only status the sound feature keeps on <html>: none, running or suspended. */
const audioStatus = (page: Page) => page.evaluate(() => document.documentElement.dataset.audio);

/**
 * Counts AudioContexts the page constructs, from before any of its scripts run, and records the
 * event each was constructed in (`createdDuring`): one built inside the gesture's own handler shows
 * that a wrong gesture would have built one before the next check, so no test needs to wait to see
 * that nothing happened.
 */
async function countAudioContexts(page: Page) {
  await page.addInitScript(() => {
    const Original = window.AudioContext;
    const counted = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        const { dataset } = document.documentElement;
        dataset.audioContexts = String(Number(dataset.audioContexts ?? 0) + 1);
        dataset.audioContextEvents = `${dataset.audioContextEvents ?? ''} ${window.event?.type ?? 'no event'}`.trim();
      }
    };
    window.AudioContext = counted;
  });
  return () => page.evaluate(() => Number(document.documentElement.dataset.audioContexts ?? 0));
}

/** The events the page's AudioContexts were constructed in, oldest first. */
function createdDuring(page: Page) {
  return page.evaluate(() => (document.documentElement.dataset.audioContextEvents ?? '').split(' ').filter(Boolean));
}

describe('sound', () => {
  test('stays silent until the first click, then runs one context; the control mutes, unmutes and is remembered', async ({
    browser,
  }) => {
    const { page, errors, close } = await openPage(browser);
    const contexts = await countAudioContexts(page);
    const engineRequests: string[] = [];
    page.on('request', (request) => {
      if (/sound-engine/.test(request.url())) engineRequests.push(request.url());
    });
    await page.goto(url('/'));
    const toggle = page.getByRole('button', { name: 'Sound effects and music' });
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'none');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    // Hovering is no gesture: still nothing created, nothing loaded.
    await page.getByRole('link', { name: 'Explore Projects' }).hover();
    expect(await contexts()).toBe(0);
    expect(engineRequests).toEqual([]);
    expect(await audioStatus(page)).toBe('none');

    // The first click anywhere starts it.
    await page.getByRole('heading', { level: 1 }).click();
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'running');
    expect(await contexts()).toBe(1);
    // Built inside the gesture's handler: had hovering counted, the context would have been there at the check above.
    expect(await createdDuring(page)).toEqual([expect.stringMatching(/^(pointerdown|pointerup|keydown)$/)]);
    expect(engineRequests).toHaveLength(1);

    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'suspended');
    expect(await page.evaluate(() => localStorage.getItem('sound'))).toBe('off');

    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'running');
    expect(await page.evaluate(() => localStorage.getItem('sound'))).toBe('on');

    // Navigating keeps the one context.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(url('/about'));
    expect(await contexts()).toBe(1);
    expect(await audioStatus(page)).toBe('running');

    // Off survives a reload: clicks then create no context at all.
    await toggle.click();
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'none');
    await page.waitForFunction(
      () => document.querySelector('[data-sound-toggle]')?.getAttribute('aria-pressed') === 'false',
    );
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Tab');
    expect(await contexts()).toBe(0);
    expect(await audioStatus(page)).toBe('none');

    // Turning it back on is the gesture that starts it, inside a handler, as the clicks above would have.
    await toggle.click();
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'running');
    expect(await contexts()).toBe(1);
    expect(await createdDuring(page)).toEqual([expect.stringMatching(/^(click|pointerdown|pointerup)$/)]);
    expect(errors).toEqual([]);
    await close();
  });

  test('starts on the first key press too', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(url('/about'));
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'none');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'running');
    expect(errors).toEqual([]);
    await close();
  });

  test('suspends while the tab is hidden and resumes on return', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(url('/'));
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'none');
    await page.getByRole('heading', { level: 1 }).click();
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'running');

    const setHidden = (hidden: boolean) =>
      page.evaluate(
        (value) => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
          document.dispatchEvent(new Event('visibilitychange'));
        },
        hidden ? 'hidden' : 'visible',
      );
    await setHidden(true);
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'suspended');
    await setHidden(false);
    await page.waitForFunction(() => document.documentElement.dataset.audio === 'running');
    expect(errors).toEqual([]);
    await close();
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`axe finds no violations with the sound control, on and off (${theme})`, async ({ browser }) => {
      const { page, close } = await openPage(browser, { theme, reducedMotion: true });
      await page.goto(url('/'));
      const toggle = page.getByRole('button', { name: 'Sound effects and music' });
      await page.waitForFunction(() => document.documentElement.dataset.audio === 'none');
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, `/ sound on (${theme})`);
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await expectNoAxeViolations(page, `/ sound off (${theme})`);
      await close();
    });
  }

  test('sits in the mobile menu on a 320 px phone, without horizontal scrolling', async ({ browser }) => {
    const { page, close } = await openPage(browser, { width: 320 });
    await page.goto(url('/'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sound effects and music' }).waitFor();
    await page.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await close();
  });
});
