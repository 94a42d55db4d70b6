import type { CDPSession, Page } from 'playwright-core';

/**
 * Lighthouse's mobile profile as DevTools applies it to `page`: 4× slower CPU and slow 4G
 * (150 ms RTT × 3.75 for packet-level emulation, 1.6 Mbps down, 750 kbps up). For the first-touch
 * tests and bench/dead-window.ts alike.
 */
export async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  });
  return cdp;
}
