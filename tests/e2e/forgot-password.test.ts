import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { freePort } from '#test/free-port.ts';
import { startMailServer } from '#test/mail-server.ts';
import { ServerProcess } from '#test/server-process.ts';
import { expectToast } from '#test/toast.ts';
import { expectNoAxeViolations, lookAt, openPage, test } from './fixtures.ts';

/*
 * "Forgot password?" with a mail server (product D13): a second built server with SMTP_URL,
 * MAIL_FROM and SITE_URL, a real SMTP server (smtp-server) that keeps what it receives, and the
 * link in the message followed in Chromium.
 */

const SHOTS = '/tmp/shots-club';
const ANSWER = 'If an account uses this address, a link to choose a new password is on its way.';

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: ServerProcess;
let siteUrl = '';
let dataDir = '';

beforeAll(async () => {
  mail = await startMailServer();
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'roboforge-e2e-mail-'));
  server = new ServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SITE_URL: siteUrl,
      SMTP_URL: mail.url,
      MAIL_FROM: 'RoboForge <robots@club.test>',
    },
    { port },
  );
  await server.start();
});

afterAll(async () => {
  await server?.close();
  await mail?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const at = (route: string) => new URL(route, siteUrl).href;

async function logIn(page: Page, email: string, password: string) {
  await page.goto(at('/auth'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('forgot password with a mail server', () => {
  test('the member asks for a link, reads the e-mail, follows the link and signs in with the new password', async ({
    browser,
  }) => {
    const email = `forgetful.${Date.now()}@example.test`;
    const signUp = await fetch(at('/api/auth/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'the-old-password' }),
    });
    expect(signUp.status).toBe(200);

    const { page, errors, close } = await openPage(browser);
    await page.goto(at('/auth'));
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const panel = page.getByTestId('forgot-password');
    await panel.getByLabel('Email for the reset link').fill('no-such-member@example.test');
    await panel.getByRole('button', { name: 'Send reset link' }).click();
    // The same answer for an address without an account, and no e-mail goes out for it.
    await panel.getByRole('status').getByText(ANSWER).waitFor();
    await panel.getByLabel('Email for the reset link').fill(email);
    await panel.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Check your e-mail', ANSWER);
    await expectNoAxeViolations(page, '/auth forgot password by e-mail');
    mkdirSync(SHOTS, { recursive: true });
    await lookAt(page, { path: `${SHOTS}/forgot-password-email-dark-1280.png`, fullPage: true });

    const message = await mail.nextMessage(0, 10_000);
    expect(mail.messages).toHaveLength(1);
    expect(message.to && 'text' in message.to ? message.to.text : '').toBe(email);
    const link = message.text?.match(/https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/)?.[0];
    expect(link, message.text).toBeDefined();
    expect(link?.startsWith(`${siteUrl}/reset-password#token=`)).toBe(true);

    await page.goto(link ?? '');
    await page.getByLabel('New password').fill('the-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Password changed', 'You are signed in with your new password.');
    await page.waitForURL(at('/'));
    await page.getByTestId('user-chip').waitFor();
    await page.goto(at('/dashboard'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(at('/'));
    expect(errors).toEqual([]);

    await logIn(page, email, 'the-old-password');
    await expectToast(page, 'Login failed', 'Invalid login credentials');
    await logIn(page, email, 'the-new-password');
    await expectToast(page, 'Welcome back!', 'Successfully logged in.');
    await page.waitForURL(at('/'));
    // The refused login above is the only request that failed.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await close();
  });
});
