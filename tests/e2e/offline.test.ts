import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { testSettings } from '#test/settings.ts';
import { memberState } from '#test/sign-up.ts';
import { PROJECTS } from '../../src/shared/content/projects.ts';
import { numberedSteps } from '../../src/shared/content/steps.ts';
import {
  ENDED_SESSION_PATH,
  ENDED_SESSIONS_CACHE_NAME,
  PERSONAL_CACHE_NAME,
  SERVICE_WORKER_PATH,
  WEB_MANIFEST_PATH,
} from '../../src/shared/offline.ts';
import { PRERENDERED_ROUTES, ROUTES, tutorialPath } from '../../src/shared/routes.ts';
import { SESSION_STORAGE_KEY } from '../../src/web/lib/auth/storage-key.ts';
import { PENDING_DATABASE, PENDING_OBJECT_STORE } from '../../src/web/lib/offline/pending-store.ts';
import {
  authUrlReturningTo,
  baseUrl,
  createSession,
  expectNoAxeViolations,
  openPage,
  openSignedInPage,
  test,
  url,
  waitForOfflineReady,
} from './fixtures.ts';

/*
 * The offline app (product D15), in Chromium with its service worker: a learner who has loaded
 * the site once while signed in opens every tutorial with no network, ticks steps and bookmarks,
 * and nothing is lost when the network returns.
 */

const SKETCHES_DIR = path.resolve(import.meta.dirname, '../../src/shared/content/sketches');

const [FIRST, SECOND] = PROJECTS;
if (!FIRST || !SECOND) throw new Error('the catalog needs two projects');

/** The index progress is stored by, of the step numbered `step` on the page (a safety warning has none). */
const indexOfStep = (project: (typeof PROJECTS)[number], step: number) =>
  numberedSteps(project).find((s) => s.number === step)?.index;

const stepBox = (page: Page, step: number) => page.getByRole('checkbox', { name: `Done: step ${step}`, exact: true });

/** A tutorial page with its steps, their highlighted lines and wiring, and the whole sketch and diagram (tabs). */
async function expectTutorialRendered(page: Page, project: (typeof PROJECTS)[number]) {
  await page.getByRole('heading', { level: 1, name: project.title }).waitFor();
  await stepBox(page, numberedSteps(project).length).waitFor();
  await page.locator('.code-excerpt .excerpt-line').first().waitFor();
  await page.locator('.step-wiring-svg svg').first().waitFor();
  await page.locator('#L1').waitFor({ state: 'attached' });
  await page.locator('.wiring-svg svg').waitFor();
}

/**
 * How many changes wait in this browser's offline queue (src/web/lib/offline/pending-store.ts), for
 * every account. Read only once the app has opened the queue: opening a missing database here
 * would create it without the queue's store.
 */
function pendingChangeCount(page: Page): Promise<number> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const all = database.transaction(storeName).objectStore(storeName).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            database.close();
            resolve(
              all.result.reduce((count: number, list: unknown) => count + (Array.isArray(list) ? list.length : 0), 0),
            );
          };
        };
      }),
    [PENDING_DATABASE, PENDING_OBJECT_STORE] as const,
  );
}

const serverState = (accessToken: string) => memberState(baseUrl, accessToken);

function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('roboforge.auth.session') ?? '{}').access_token);
}

describe('offline at the workbench', () => {
  // Eighteen page loads and a worker that registers 10 s after load: more than the default minute on a busy machine.
  test('every tutorial opens offline by URL and by link, ticks and bookmarks made offline survive a reload and reach the server, and sign-out leaves nothing behind', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const { page, context, errors, close } = await openSignedInPage(browser, { serviceWorkers: 'allow' });
    // Named in the failure message when the console reports a failed load.
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.method()} ${request.url()}`));
    await page.goto(url(ROUTES.projects));
    await page.getByRole('heading', { level: 1, name: 'Robot Projects' }).waitFor();
    await page.goto(url(tutorialPath(FIRST.slug)));
    await expectTutorialRendered(page, FIRST);
    await waitForOfflineReady(page);
    const token = await accessTokenOf(page);
    expect(await serverState(token)).toEqual({ steps: [], bookmarks: [] });

    await context.setOffline(true);
    await page.getByTestId('offline-indicator').waitFor();

    // Every tutorial by its address: steps, code and wiring, with no network at all.
    for (const project of PROJECTS) {
      await page.goto(url(tutorialPath(project.slug)));
      await expectTutorialRendered(page, project);
      // Videos stay online-only, and say so.
      await page.getByText('Video needs a connection').waitFor();
    }
    // The sketches and the programs built from them, as the download links and the simulator fetch them.
    const downloads = PROJECTS.flatMap(({ slug }) => [`/sketches/${slug}.ino`, `/sketches/${slug}.hex`]);
    const fetched = await page.evaluate(
      (paths) =>
        Promise.all(
          paths.map(async (file) => {
            const answer = await fetch(file);
            return answer.ok ? answer.text() : `${file}: ${answer.status}`;
          }),
        ),
      downloads,
    );
    expect(fetched).toEqual(
      downloads.map((file) => readFileSync(path.join(SKETCHES_DIR, path.basename(file)), 'utf8')),
    );
    // And by link, from the list.
    await page.goto(url(ROUTES.projects));
    for (const project of PROJECTS) {
      await page.getByRole('link', { name: `Open the full tutorial: ${project.title}` }).click();
      await page.waitForURL(url(tutorialPath(project.slug)));
      await expectTutorialRendered(page, project);
      await page.getByRole('link', { name: 'All projects' }).click();
      await page.getByRole('heading', { level: 1, name: 'Robot Projects' }).waitFor();
    }

    // Bookmark one project and tick two steps of another, offline: the page shows them at once.
    await page.getByRole('button', { name: `Bookmark ${SECOND.title}` }).click();
    await page.getByRole('button', { name: `Remove ${SECOND.title} from bookmarks` }).waitFor();
    // The heart turns at once; the change is kept once the toast says so. A page load before that (a
    // few milliseconds on a quiet machine, more on a busy one) could cut the write short.
    await page.getByText('Saved on this device. It syncs when you are back online.').waitFor();
    await page.goto(url(tutorialPath(FIRST.slug)));
    await expectTutorialRendered(page, FIRST);
    await stepBox(page, 1).check();
    await stepBox(page, 2).check();
    await page.getByText(`2 of ${numberedSteps(FIRST).length} steps done`).waitFor();
    // Ticks say nothing when they are kept: wait until the queue holds them with the bookmark.
    await expect.poll(() => pendingChangeCount(page)).toBe(3);

    // A reload, still offline, still shows them.
    await page.reload();
    await expectTutorialRendered(page, FIRST);
    await page.getByText(`2 of ${numberedSteps(FIRST).length} steps done`).waitFor();
    expect(await stepBox(page, 1).isChecked()).toBe(true);
    expect(await stepBox(page, 2).isChecked()).toBe(true);
    expect(await stepBox(page, 3).isChecked()).toBe(false);
    await page.goto(url(ROUTES.projects));
    await page.getByRole('button', { name: `Remove ${SECOND.title} from bookmarks` }).waitFor();
    expect(await serverState(token)).toEqual({ steps: [], bookmarks: [] });

    // Back online: within 10 s the server has every change, and the page still shows them.
    await context.setOffline(false);
    await expect
      .poll(() => serverState(token), { timeout: 10_000, interval: 250 })
      .toEqual({ steps: [1, 2].map((step) => `${FIRST.id}:${indexOfStep(FIRST, step)}`), bookmarks: [SECOND.id] });
    await page.getByTestId('offline-indicator').waitFor({ state: 'detached' });
    await page.goto(url(tutorialPath(FIRST.slug)));
    await page.getByText(`2 of ${numberedSteps(FIRST).length} steps done`).waitFor();

    // Sign out, then go offline: nothing of the account is left to show.
    await page.goto(url(ROUTES.dashboard));
    const endedToken = await accessTokenOf(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url(ROUTES.home));
    const personalCacheExists = () => page.evaluate((name) => caches.has(name), PERSONAL_CACHE_NAME);
    expect(await personalCacheExists()).toBe(false);
    // A read that left before the sign-out and comes back after it (Logout pressed while the dashboard
    // loads) would be stored after the deletion. Sign-out marks its session as ended (a hash, never the
    // token), and the worker deletes the cache again when it stores a read of an ended session. A
    // request sent now is refused (401), so the late read is played by another live session, marked.
    const sha256 = (text: string) =>
      page.evaluate(async (value) => {
        const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
        return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
      }, text);
    const endedMarks = () =>
      page.evaluate(
        async (name) => (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
        ENDED_SESSIONS_CACHE_NAME,
      );
    expect(await endedMarks()).toContain(`${ENDED_SESSION_PATH}${await sha256(endedToken)}`);
    expect(JSON.stringify(await endedMarks())).not.toContain(endedToken);
    const readProgress = (accessToken: string) =>
      page.evaluate(
        (bearer) => fetch('/api/progress', { headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.status),
        accessToken,
      );
    const lateToken = JSON.parse((await createSession()).sessionJson).access_token;
    expect(await readProgress(lateToken)).toBe(200);
    await expect.poll(personalCacheExists).toBe(true);
    await page.evaluate(async ([name, mark]) => (await caches.open(name)).put(mark, new Response(null)), [
      ENDED_SESSIONS_CACHE_NAME,
      `${ENDED_SESSION_PATH}${await sha256(lateToken)}`,
    ] as const);
    expect(await readProgress(lateToken)).toBe(200);
    await expect.poll(personalCacheExists).toBe(false);
    await context.setOffline(true);
    await page.goto(url(tutorialPath(FIRST.slug)));
    await page.waitForURL(authUrlReturningTo(tutorialPath(FIRST.slug)));
    await page.getByTestId('auth-offline').waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);
    expect(await page.locator('#L1').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain(FIRST.title);
    await page.goto(url(ROUTES.dashboard));
    await page.waitForURL(authUrlReturningTo(ROUTES.dashboard));
    expect(await page.getByTestId('bookmark-count').count()).toBe(0);

    expect(errors, `failed requests: ${failed.join(', ')}`).toEqual([]);
    await close();
  });

  test('pages that need the network say so offline instead of spinning; the phone bar still fits', async ({
    browser,
  }) => {
    const { page, context, close } = await openSignedInPage(browser, { serviceWorkers: 'allow', width: 375 });
    await page.goto(url(ROUTES.dashboard));
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await waitForOfflineReady(page);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Offline/ })
        .count(),
    ).toBe(0);
    await context.setOffline(true);

    // The sign says it in words beside the logo, as the live region does; the menu toggle is still on screen.
    await page.getByTestId('offline-indicator').waitFor();
    expect(await page.getByTestId('offline-indicator').textContent()).toBe('Offline');
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline\. Tutorials you have opened/ })
      .waitFor();
    const toggle = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
    expect((toggle?.x ?? 999) + (toggle?.width ?? 0)).toBeLessThanOrEqual(375);

    await page.goto(url(ROUTES.people));
    await page.getByText('The community list needs a connection.').waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    await expectNoAxeViolations(page, '/people offline');

    await page.goto(url(ROUTES.dashboard));
    await page.getByText('Editing your profile needs a connection.').waitFor();
    expect(await page.getByRole('button', { name: 'Edit profile' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/dashboard offline');
    await close();
  });

  test('the service worker never stores a URL that carried a credential', async ({ browser }) => {
    const { page, errors, close } = await openSignedInPage(browser, { serviceWorkers: 'allow' });
    await page.goto(url(ROUTES.dashboard));
    await waitForOfflineReady(page);
    const secret = `SuperSecret${Date.now()}`;
    for (const route of [`${ROUTES.auth}?email=ada%40example.test&password=${secret}`, `/projects?token=${secret}`]) {
      await page.goto(url(route));
    }
    const answers = await page.evaluate(
      async ([secret, key]) => {
        const { access_token } = JSON.parse(localStorage.getItem(key) ?? '{}');
        const headers = { authorization: `Bearer ${access_token}` };
        const statuses = [];
        for (const read of ['/api/progress', '/api/bookmarks', '/api/account']) {
          statuses.push((await fetch(`${read}?access_token=${secret}`, { headers })).status);
        }
        return statuses;
      },
      [secret, SESSION_STORAGE_KEY] as const,
    );
    expect(answers).toEqual([400, 400, 400]);
    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(stored.length).toBeGreaterThan(10);
    expect(stored.filter((stored) => stored.includes(secret))).toEqual([]);
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await close();
  });

  test('a new deployment offers "Reload" and reloads nothing by itself', async ({ browser }) => {
    const { page, close } = await openPage(browser, { serviceWorkers: 'allow' });
    await page.goto(url(ROUTES.about));
    // The first worker controls the page before the new build comes: `ready` alone is its activation, and
    // a worker installed while no page is controlled does not wait for Reload (a CI run under load had
    // the toast shown and the new worker already active, so Reload had nothing to do).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });

    // A new build: the same worker with one more line (its brotli and gzip copies set aside).
    const file = path.resolve(import.meta.dirname, '../../build/client', SERVICE_WORKER_PATH.slice(1));
    const original = readFileSync(file);
    const compressed = ['.br', '.gz'].map((ext) => ({ file: `${file}${ext}`, content: readFileSync(`${file}${ext}`) }));
    try {
      for (const copy of compressed) rmSync(copy.file);
      writeFileSync(file, `${original.toString('utf8')}\n// deployment ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'A new version is ready' });
      await toast.waitFor();
      // Still the same document: nothing reloaded while the toast waits.
      await page.evaluate(() => {
        (window as Window & { marker?: boolean }).marker = true;
      });
      const reloaded = page.waitForEvent('load');
      await toast.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      expect(await page.evaluate(() => (window as Window & { marker?: boolean }).marker)).toBeUndefined();
    } finally {
      writeFileSync(file, original);
      for (const copy of compressed) writeFileSync(copy.file, copy.content);
    }
    await close();
  });

  test('the web app manifest is valid, linked from every prerendered page, and Chromium finds the app installable', async () => {
    const response = await fetch(new URL(WEB_MANIFEST_PATH, baseUrl));
    expect(response.status).toBe(200);
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'RoboForge',
      short_name: 'RoboForge',
      start_url: '/',
      display: 'standalone',
      theme_color: '#070b16',
      background_color: '#070b16',
    });
    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const png = Buffer.from(await (await fetch(new URL(icon.src, baseUrl))).arrayBuffer());
      expect(icon.type).toBe('image/png');
      expect(png.subarray(0, 8).toString('hex'), icon.src).toBe('89504e470d0a1a0a');
      expect(png.subarray(12, 16).toString('ascii'), icon.src).toBe('IHDR');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }

    for (const route of [...PRERENDERED_ROUTES, '/no-such-page']) {
      const html = await (await fetch(new URL(route, baseUrl))).text();
      // Every prerendered page and the 404 shell link it after first paint (root.tsx, linkedAfterPaint).
      expect(html, route).toContain(`<link rel="manifest" data-href="${WEB_MANIFEST_PATH}">`);
    }

    // A browser profile of its own: Chromium never offers to install from an incognito-like one.
    const profile = mkdtempSync(path.join(tmpdir(), 'roboforge-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: testSettings.chromiumPath,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const page = await context.newPage();
      await page.goto(url(ROUTES.home));
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
      expect(manifestErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
