import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox'] });
for (const theme of ['dark','light']) for (const width of [375, 1280]) {
  const ctx = await b.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
  await ctx.addInitScript(t => localStorage.setItem('theme', t), theme);
  const p = await ctx.newPage();
  await p.route(/\/assets\/[^?]+\.js$/, () => {});  // the app never starts: the page as it is before
  await p.goto('http://127.0.0.1:3999/auth', { waitUntil: 'commit' });
  await p.getByLabel('Email', { exact: true }).fill('ada@example.test');
  await p.getByLabel('Password', { exact: true }).fill('secret-password');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.waitForTimeout(600);
  await p.screenshot({ path: `.shots/auth-held-${theme}-${width}.png` });
  if (width === 375) { await p.getByRole('button', { name: 'Open menu' }).click(); await p.screenshot({ path: `.shots/menu-early-${theme}.png` }); }
  await ctx.close();
}
await b.close();
