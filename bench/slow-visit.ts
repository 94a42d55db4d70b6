/**
 * A first visit as a person on a slow phone connection gets it: real Chromium with DevTools
 * throttling at Lighthouse's mobile figures (150 ms round trip, 1.6 Mbit/s down, 4× CPU), empty
 * cache. Reports when the first paint happened, whether the display face was ready for it
 * (with `font-display: optional` a face that misses the first paint stays away for that view)
 * and when the app finished hydrating.
 */
import type { Browser } from 'playwright-core';
import { asLighthouseMobile } from './support.ts';

export interface SlowVisit {
  readonly fcpMs: number;
  readonly lcpMs: number;
  /** The display face was loaded when the page first painted. */
  readonly fontOnFirstPaint: boolean;
  /** `<html data-hydrated>` set by the app. */
  readonly hydratedMs: number;
}

interface PageReport {
  fcp: number;
  lcp: number;
  fontReadyAt: number;
  hydrated: number;
}

export async function slowVisit(browser: Browser, url: string): Promise<SlowVisit> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  await context.addInitScript(() => {
    const report = { fcp: Number.NaN, lcp: Number.NaN, fontReadyAt: Number.NaN, hydrated: Number.NaN };
    (window as unknown as { __visit: PageReport }).__visit = report;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') report.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) report.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The face is ready when a face of the family is loaded (fetched or made from bytes).
    const check = () => {
      if (!Number.isNaN(report.fontReadyAt)) return;
      for (const face of document.fonts) {
        if (face.family.replaceAll('"', '') === 'Space Grotesk Variable' && face.status === 'loaded') {
          report.fontReadyAt = performance.now();
          return;
        }
      }
      requestAnimationFrame(check);
    };
    document.fonts.addEventListener('loadingdone', check);
    queueMicrotask(check);
    new MutationObserver(() => {
      if (document.documentElement.hasAttribute('data-hydrated') && Number.isNaN(report.hydrated))
        report.hydrated = performance.now();
      check();
    }).observe(document, { attributes: true, subtree: true, childList: true });
  });
  const page = await context.newPage();
  await asLighthouseMobile(page);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page
      .waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 30_000 })
      .catch(() => undefined);
    await page.waitForTimeout(300);
    const report = await page.evaluate(() => (window as unknown as { __visit: PageReport }).__visit);
    return {
      fcpMs: report.fcp,
      lcpMs: report.lcp,
      // The observer looks once a frame, so a face ready in the frame of the first paint counts.
      fontOnFirstPaint: report.fontReadyAt <= report.fcp + 1,
      hydratedMs: report.hydrated,
    };
  } finally {
    await context.close();
  }
}
