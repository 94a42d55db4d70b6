/**
 * Screenshots of pages in both themes at phone and desktop width, for looking at what we build:
 * `node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /about /people`
 * With SHOTS_LOGIN=email:password the pages are taken signed in (the account must exist).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/browser.ts';

const [baseUrl = 'http://127.0.0.1:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/', '/about', '/people', '/missing-page'];
mkdirSync(outDir, { recursive: true });

let storedSession: string | null = null;
if (process.env.SHOTS_LOGIN) {
  const [email, password] = process.env.SHOTS_LOGIN.split(':');
  const response = await fetch(new URL('/api/auth/token?grant_type=password', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  storedSession = await response.text();
}

const browser = await launchBrowser();
for (const theme of ['dark', 'light'] as const) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    if (storedSession) {
      await context.addInitScript((value) => localStorage.setItem('roboforge.auth.session', value), storedSession);
    }
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        console.warn(`[${message.type()}] ${message.text()}`);
    });
    page.on('pageerror', (error) => console.warn(`[pageerror] ${error.message}`));
    for (const route of pages) {
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
      const name = `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}-${theme}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.warn(`saved ${name}`);
    }
    await context.close();
  }
}
await browser.close();
