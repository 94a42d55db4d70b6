/**
 * When a tutorial's steps are on the page and when the app has hydrated, for two running servers
 * side by side (issue 36, decision 023: the steps prerendered). A member's visit at Lighthouse's
 * mobile figures (4× CPU, 150 ms round trip, 1.6 Mbit/s down), cold cache, 375 px, each server in
 * turn so a busy machine slows both alike.
 *
 *   node bench/steps-in-page.ts http://127.0.0.1:3100 http://127.0.0.1:3000 [--runs=3]
 *
 * Start each build's server first (`PORT=3100 DATABASE_PATH=/tmp/before.db node build/server-app/server.js`
 * in the other checkout, `npm run serve` in this one).
 */
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { asLighthouseMobile, measuredContext } from './support.ts';

const SLUG = 'plant-watering-robot';
const PASSWORD = 'bench-password-123';

async function sessionJson(base: string): Promise<string> {
  const email = `bench${Date.now()}@example.test`;
  const body = JSON.stringify({ email, password: PASSWORD });
  const headers = { 'content-type': 'application/json' };
  await fetch(`${base}/api/auth/signup`, { method: 'POST', headers, body });
  const signIn = await fetch(`${base}/api/auth/token?grant_type=password`, { method: 'POST', headers, body });
  if (!signIn.ok) throw new Error(`${base}: sign-in failed (${signIn.status})`);
  return signIn.text();
}

/** Milliseconds from navigation to `#step-1` in the document, and to `<html data-hydrated>`. */
async function visit(browser: Browser, base: string, session: string): Promise<[number, number]> {
  const context = await measuredContext(browser, {
    session,
    viewport: { width: 375, height: 812 },
    record: () => {
      const at = window as unknown as { __stepsAt?: number; __appAt?: number };
      new MutationObserver(() => {
        at.__stepsAt ??= document.getElementById('step-1') ? performance.now() : undefined;
        at.__appAt ??= document.documentElement.hasAttribute('data-hydrated') ? performance.now() : undefined;
      }).observe(document, { childList: true, subtree: true, attributes: true });
    },
  });
  const page = await context.newPage();
  await asLighthouseMobile(page);
  await page.goto(`${base}/projects/${SLUG}`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const at = window as unknown as { __stepsAt?: number; __appAt?: number };
      return at.__stepsAt !== undefined && at.__appAt !== undefined && [at.__stepsAt, at.__appAt];
    },
    null,
    { timeout: 60_000 },
  );
  const [steps, app] = (await handle.jsonValue()) as [number, number];
  await context.close();
  return [Math.round(steps), Math.round(app)];
}

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '3' } },
  allowPositionals: true,
});
if (positionals.length === 0) throw new Error('usage: node bench/steps-in-page.ts <server URL>… [--runs=3]');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const sessions = await Promise.all(positionals.map(sessionJson));
const results = positionals.map(() => [] as [number, number][]);
for (let run = 0; run < Number(values.runs); run++) {
  for (const [index, base] of positionals.entries()) {
    results[index]?.push(await visit(browser, base, sessions[index] ?? ''));
  }
}
await browser.close();
for (const [index, base] of positionals.entries()) {
  const runs = results[index] ?? [];
  process.stdout.write(
    `${base}: steps in the page / app hydrated (ms): ${runs.map(([s, a]) => `${s} / ${a}`).join('; ')}\n`,
  );
}
