import { type Browser, chromium } from 'playwright-core';
import { testSettings } from '#test/settings.ts';

/** System Chromium (Debian's package, or CHROMIUM_PATH); flags keep it from calling outside hosts. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: testSettings.chromiumPath,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
