import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import { classCommunityPath, classPath, ROUTES, tutorialPath } from '#shared/routes.ts';
import { addedLearnersSchema, classSummarySchema } from '#shared/schemas/classes.ts';
import { type LivedInSite, LONG_NAME, makeLivedInSite } from '#test/lived-in.ts';
import { adminCli, baseUrl, openPage, openSignedInPageAs, test, url } from './fixtures.ts';

/*
 * Every screen at 375 px (issue 23): every route, signed out, as a lived-in member
 * whose name is 60 letters without a space, and as an administrator, with a dozen members whose
 * names and bios are as long as the rules allow. Nothing may pass the screen's right (or left)
 * edge, and the page may not scroll sideways. In the dark theme only: the light one changes
 * colours and nothing that takes space (site.css: one layout over two sets of colour tokens), and the
 * second pass cost 72 s of a run of about 20 minutes (issue 35); the axe checks see both (LOOKS).
 */

const WIDTH = 375;

/**
 * Containers that scroll sideways on purpose: what is inside them may pass the screen's edge (the
 * container itself may not). Anything else that scrolls sideways is a finding.
 */
const SIDEWAYS_SCROLLERS: readonly { selector: string; reason: string }[] = [
  { selector: '.wiring-scroll', reason: "the wiring diagram's zoom pane: zoomed in, the drawing is panned" },
  { selector: '.code-viewer', reason: 'the sketch: code lines keep their indentation and are not wrapped' },
  {
    selector: '.step-wiring-svg',
    reason: "a step's part of the diagram: never drawn so small that its pin labels read under 11 px (decision 023)",
  },
  { selector: '.tray:has(> .connection-table)', reason: 'the connection table, below its 20 rem minimum width' },
  {
    selector: '.class-grid-scroll',
    reason: "a class's progress grid: a column per tutorial, the learners' names held",
  },
];

interface Finding {
  readonly what: string;
  readonly left: number;
  readonly right: number;
}

/**
 * What passes the edges of a `width`-wide screen: visible elements and runs of text, each as far as
 * the overflow of its ancestors lets it show, outside `scrollers`; and any other container that
 * scrolls sideways. Runs in the page.
 */
function findOverflow({ width, scrollers }: { width: number; scrollers: string[] }): Finding[] {
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element) => {
    let computed = styles.get(element);
    if (!computed) {
      computed = getComputedStyle(element);
      styles.set(element, computed);
    }
    return computed;
  };
  const onPurpose = (element: Element) => scrollers.some((selector) => element.closest(selector) !== null);
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList]
      .slice(0, 4)
      .map((name) => `.${name}`)
      .join('');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return `<${element.tagName.toLowerCase()}${id}${classes}> "${text}"`;
  };
  /*
   * The part of [left, right] that shows: `clipper` and its ancestors that clip (overflow other than
   * visible) cut it; one of a pixel or less (screen-reader-only text) hides it.
   */
  const shown = (clipper: Element | null, left: number, right: number): [number, number] => {
    for (let box = clipper; box && box !== document.body; box = box.parentElement) {
      const { overflowX, position } = style(box);
      if (overflowX !== 'visible') {
        const edges = box.getBoundingClientRect();
        if (edges.width <= 1) return [0, 0];
        left = Math.max(left, edges.left);
        right = Math.min(right, edges.right);
      }
      if (position === 'fixed') break;
    }
    return [left, right];
  };
  // Screen-reader-only text (Tailwind's `sr-only` clips it to nothing) is not on the screen.
  const forScreenReaders = (element: Element) => {
    for (let box: Element | null = element; box; box = box.parentElement) {
      if (style(box).clipPath === 'inset(50%)') return true;
    }
    return false;
  };
  const visible = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !forScreenReaders(element);
  const findings: Finding[] = [];
  const check = (clipper: Element | null, what: string, box: DOMRect) => {
    if (box.width <= 1 && box.height <= 1) return;
    const [left, right] = shown(clipper, box.left, box.right);
    if (right - left <= 0) return;
    if (right > width + 0.5 || left < -0.5) findings.push({ what, left: Math.round(left), right: Math.round(right) });
  };

  for (const element of document.body.querySelectorAll('*')) {
    if (!visible(element) || onPurpose(element)) continue;
    check(element.parentElement, describe(element), element.getBoundingClientRect());
    const { overflowX } = style(element);
    if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
      findings.push({ what: `scrolls sideways: ${describe(element)}`, left: 0, right: element.scrollWidth });
    }
  }
  // Text can overflow the element that holds it (a long word in a box that does not grow).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !visible(parent) || onPurpose(parent)) continue;
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) check(parent, `text in ${describe(parent)}`, box);
  }
  return findings;
}

/** Waits until nothing is loading (spinners, busy regions), then for the layout to settle. */
async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[aria-busy="true"], svg.animate-spin, .skeleton, .animate-pulse')].every(
        (element) => !element.checkVisibility(),
      ),
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Asserts that the page at 375 px scrolls only up and down, and nothing shows past its edges. */
async function expectFits(page: Page, label: string) {
  await settle(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const findings = await page.evaluate(findOverflow, {
    width: WIDTH,
    scrollers: SIDEWAYS_SCROLLERS.map(({ selector }) => selector),
  });
  expect(
    findings.map(({ what, left, right }) => `${what} spans ${left}…${right} px`),
    `past the edge of a ${WIDTH} px screen on ${label}`,
  ).toEqual([]);
  expect(scrollWidth, `the page's width on ${label}`).toBeLessThanOrEqual(WIDTH);
}

/** Opens each route in turn (the page keeps its session) and checks it; `andThen` opens a state of the page to check too. */
async function expectRoutesFit(
  page: Page,
  label: string,
  routes: readonly { route: string; ready?: string; andThen?: (page: Page) => Promise<string> }[],
) {
  for (const { route, ready, andThen } of routes) {
    await page.goto(url(route));
    if (ready) await page.getByText(ready, { exact: false }).first().waitFor();
    await expectFits(page, `${route} (${label})`);
    if (andThen) {
      const state = await andThen(page);
      await expectFits(page, `${route}, ${state} (${label})`);
    }
  }
}

const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Close menu' }).waitFor();
  return 'menu open';
};

/** Every control of the header a finger can reach now, with its size, and those smaller than 44 × 44 px. */
async function headerControls(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('header a, header button')]
      .filter((control) => control.checkVisibility({ visibilityProperty: true }))
      .map((control) => {
        const box = control.getBoundingClientRect();
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
        return { name, width: Math.round(box.width), height: Math.round(box.height) };
      }),
  );
}

async function expectFingerSizedHeader(page: Page, label: string) {
  const controls = await headerControls(page);
  expect(controls.length, `controls in the header on ${label}`).toBeGreaterThan(2);
  expect(
    controls.filter(({ width, height }) => width < 44 || height < 44),
    `header controls under 44 × 44 px on ${label}`,
  ).toEqual([]);
  // The logo is never squeezed, whatever sits beside it.
  expect(
    await page
      .locator('header nav img')
      .first()
      .evaluate((logo) => logo.getBoundingClientRect().width),
  ).toBe(40);
}

/** A learner's shown name as long as the rules allow (40), without a space to wrap at. */
const LONG_LEARNER = 'Maximilianalexandrathelonglearner'.padEnd(40, 'x');

interface LivedInClass {
  readonly id: string;
  readonly code: string;
  /** The learner who signs in (tapping their name, typing their words). */
  readonly learner: { readonly name: string; readonly secret: string };
}

/**
 * A class as the rules allow it to look: a name of 60 letters without a space, a learner's of 40,
 * its community page open (product D18). Made through the API by `email`, who may run classes.
 */
async function makeLivedInClass(email: string, password: string): Promise<LivedInClass> {
  const call = async (method: string, route: string, token: string | null, body?: unknown) => {
    const response = await fetch(new URL(route, baseUrl), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route} failed: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { access_token: token } = await call('POST', '/api/auth/token?grant_type=password', null, { email, password });
  const klass = classSummarySchema.parse(
    await call('POST', '/api/classes', token, { name: 'Maximilianalexandrathelongclassname'.padEnd(60, 'x') }),
  );
  const { learners } = addedLearnersSchema.parse(
    await call('POST', `/api/classes/${klass.id}/learners`, token, {
      names: [LONG_LEARNER, 'Zoë Ōkubo', 'Katherine Johnson', 'Ng, Bao'],
    }),
  );
  await call('PATCH', `/api/classes/${klass.id}`, token, { community: true });
  const zoe = learners.find((learner) => learner.display_name === 'Zoë Ō.');
  if (!zoe) throw new Error('no learner to sign in');
  return { id: klass.id, code: klass.join_code, learner: { name: zoe.display_name, secret: zoe.secret } };
}

let site: LivedInSite;
let adminEmail: string;
let livedInClass: LivedInClass;

beforeAll(async () => {
  site = await makeLivedInSite(baseUrl);
  // The administrator: the member with the longest username, promoted as an operator does it.
  const [admin] = site.others;
  if (!admin) throw new Error('the lived-in site has no other members');
  expect(adminCli('promote', admin)).toBe(`${admin} is now an administrator.`);
  adminEmail = admin;
  // Administrators can run classes as teachers do: this one runs the lived-in class.
  livedInClass = await makeLivedInClass(adminEmail, site.member.password);
}, 120_000);

describe.each(['dark'] as const)('every page fits a 375 px phone, %s theme', (theme) => {
  test('signed out: the public pages, the 404 page and the sign-in page', { timeout: 120_000 }, async ({ browser }) => {
    const { page, close } = await openPage(browser, { width: WIDTH, theme });
    await expectRoutesFit(page, `signed out, ${theme}`, [
      { route: ROUTES.home, andThen: openMenu },
      { route: ROUTES.about },
      { route: ROUTES.people, ready: LONG_NAME.slice(0, 20) },
      { route: ROUTES.auth },
      { route: `${ROUTES.auth}?next=%2Fdashboard` },
      { route: ROUTES.resetPassword },
      { route: `${ROUTES.resetPassword}#token=${'x'.repeat(64)}` },
      { route: '/no-such-page-here', ready: 'Projects to try' },
      { route: ROUTES.admin },
    ]);
    await close();
  });

  test('a lived-in member with a 60-letter name: home, catalog, empty search, dashboard, community', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const { page, close } = await openSignedInPageAs(
      browser,
      site.member.email,
      { width: WIDTH, theme },
      site.member.password,
    );
    const name = site.member.email.split('@')[0] ?? '';
    await expectRoutesFit(page, `member, ${theme}`, [
      { route: ROUTES.home, ready: name.slice(0, 20), andThen: openMenu },
      { route: ROUTES.projects, ready: 'Showing all' },
      { route: `${ROUTES.projects}?q=no-such-robot-anywhere`, ready: 'Projects to try' },
      {
        route: ROUTES.dashboard,
        ready: 'Continue at step',
        andThen: async (dashboard) => {
          await dashboard.getByRole('button', { name: 'Edit profile' }).click();
          await dashboard.getByLabel('Username').waitFor();
          return 'profile editor open';
        },
      },
      { route: ROUTES.people, ready: LONG_NAME.slice(0, 20) },
      { route: ROUTES.about },
      { route: '/no-such-page-here', ready: 'Projects to try' },
    ]);
    await close();
  });

  test('a lived-in member: every tutorial page', { timeout: 180_000 }, async ({ browser }) => {
    const { page, close } = await openSignedInPageAs(
      browser,
      site.member.email,
      { width: WIDTH, theme },
      site.member.password,
    );
    await expectRoutesFit(
      page,
      `member, ${theme}`,
      PROJECTS.map((project) => ({ route: tutorialPath(project.slug), ready: project.title })),
    );
    await close();
  });

  test('the header: every control a fingertip wide, the logo whole, the name whole for screen readers, the offline sign in words', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const visitor = await openPage(browser, { width: WIDTH, theme });
    await visitor.page.goto(url(ROUTES.home));
    await expectFingerSizedHeader(visitor.page, `signed out, ${theme}`);
    await openMenu(visitor.page);
    await expectFingerSizedHeader(visitor.page, `signed out, menu open, ${theme}`);
    await visitor.close();

    // The tightest bar: an administrator (the Admin link too) with a long name, then offline too.
    const { page, context, close } = await openSignedInPageAs(
      browser,
      adminEmail,
      { width: WIDTH, theme },
      site.member.password,
    );
    await page.goto(url(ROUTES.people));
    const account = page.getByRole('link', { name: /^Dashboard, signed in as / });
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    await expectFingerSizedHeader(page, `administrator, ${theme}`);
    // The name is cut short on screen, whole in the link's name and title.
    const name = (await page.getByTestId('user-chip').textContent()) ?? '';
    expect(name.length).toBeGreaterThan(25);
    expect(await account.getAttribute('title')).toBe(`Dashboard · ${name}`);
    expect(await page.getByTestId('user-chip').evaluate((chip) => chip.scrollWidth > chip.clientWidth)).toBe(true);
    await expectFits(page, `/people, administrator's header (${theme})`);
    await openMenu(page);
    await expectFingerSizedHeader(page, `administrator, menu open, ${theme}`);

    await context.setOffline(true);
    const offline = page.getByTestId('offline-indicator');
    await offline.waitFor();
    expect(await offline.textContent()).toBe('Offline');
    const logo = await page.locator('header nav img').first().boundingBox();
    const sign = await offline.boundingBox();
    expect(sign && logo && sign.x >= logo.x + logo.width).toBe(true);
    await expectFingerSizedHeader(page, `administrator, offline, ${theme}`);
    await expectFits(page, `/people, administrator offline (${theme})`);
    await context.setOffline(false);
    await close();
  });

  test('a class: its page’s tabs and its community page for the teacher, and a learner’s dashboard and community page', {
    timeout: 120_000,
  }, async ({ browser }) => {
    const teacher = await openSignedInPageAs(browser, adminEmail, { width: WIDTH, theme }, site.member.password);
    const openTab = (name: string) => async (page: Page) => {
      await page.getByRole('tab', { name }).click();
      await page.getByRole('tabpanel').waitFor();
      return `${name} tab`;
    };
    await expectRoutesFit(teacher.page, `teacher, ${theme}`, [
      { route: classPath(livedInClass.id), ready: 'Pupils sign in at', andThen: openTab('Learners') },
      { route: classPath(livedInClass.id), ready: 'Pupils sign in at', andThen: openTab('Settings') },
      { route: classCommunityPath(livedInClass.id), ready: LONG_LEARNER },
    ]);
    await teacher.close();

    const learner = await openPage(browser, { width: WIDTH, theme });
    await learner.page.goto(url(`/c/${livedInClass.code}`));
    await learner.page.getByRole('button', { name: livedInClass.learner.name }).click();
    await learner.page.getByLabel('Your secret words').fill(livedInClass.learner.secret);
    await learner.page.getByRole('button', { name: 'Sign in' }).click();
    await learner.page.waitForURL(url(ROUTES.projects));
    await expectRoutesFit(learner.page, `learner, ${theme}`, [
      { route: ROUTES.dashboard, ready: 'Your class' },
      { route: classCommunityPath(livedInClass.id), ready: LONG_LEARNER },
    ]);
    await learner.close();
  });

  test('an administrator: members, a member dialog and the audit log', { timeout: 120_000 }, async ({ browser }) => {
    const { page, close } = await openSignedInPageAs(
      browser,
      adminEmail,
      { width: WIDTH, theme },
      site.member.password,
    );
    await expectRoutesFit(page, `administrator, ${theme}`, [
      {
        route: ROUTES.admin,
        ready: 'members, newest first',
        andThen: async (admin) => {
          await admin.getByLabel('Search members by e-mail or username').fill(site.member.email);
          await admin.getByText(/1 member matches/).waitFor();
          await admin.getByRole('button', { name: `Manage ${site.member.email}` }).click();
          await admin.getByRole('dialog').waitFor();
          return 'the long-named member managed';
        },
      },
      {
        route: ROUTES.admin,
        ready: 'members, newest first',
        andThen: async (admin) => {
          await admin.getByRole('tab', { name: 'Audit log' }).click();
          await admin.getByText('an administrator').first().waitFor();
          return 'audit log';
        },
      },
      { route: ROUTES.home, andThen: openMenu },
      { route: ROUTES.dashboard, ready: 'Your builds' },
    ]);
    await close();
  });
});
