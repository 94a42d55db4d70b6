import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import puppeteer, { type Browser as FirefoxBrowser } from 'puppeteer-core';
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

/**
 * Preferences that keep Firefox from calling outside hosts, on top of the ones Puppeteer sets
 * (normandy, updates, safe browsing lists): the machines that run the tests reach no network.
 */
const FIREFOX_OFFLINE_PREFS = {
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.trr.mode': 5,
  'app.update.auto': false,
  'app.update.enabled': false,
  'app.normandy.enabled': false,
  'app.shield.optoutstudies.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.archive.enabled': false,
  'toolkit.telemetry.server': '',
  'browser.ping-centre.telemetry': false,
  'browser.region.network.url': '',
  'browser.region.update.enabled': false,
  'browser.safebrowsing.provider.google4.updateURL': '',
  'browser.safebrowsing.provider.google4.gethashURL': '',
  'browser.safebrowsing.provider.mozilla.updateURL': '',
  'browser.safebrowsing.provider.mozilla.gethashURL': '',
  'dom.push.connection.enabled': false,
  'extensions.systemAddon.update.enabled': false,
  'extensions.blocklist.enabled': false,
  'identity.fxaccounts.enabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  'security.OCSP.enabled': 0,
};

/**
 * System Firefox (Debian's `firefox-esr`, or FIREFOX_PATH), headless, driven over WebDriver BiDi by
 * Puppeteer. A missing Firefox fails the run: CI installs it (.ci/run).
 */
export function launchFirefox(): Promise<FirefoxBrowser> {
  const executablePath = testSettings.firefoxPath;
  if (!existsSync(executablePath)) {
    throw new Error(
      `No Firefox at ${executablePath}: install it (apt-get install firefox-esr, as .ci/run does) or set FIREFOX_PATH.`,
    );
  }
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
    extraPrefsFirefox: FIREFOX_OFFLINE_PREFS,
    // Release builds ignore Puppeteer's stand-in remote-settings server (and look the real one up) unless this is set.
    env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' },
  });
}
