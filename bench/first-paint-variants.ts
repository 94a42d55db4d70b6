/**
 * The first-paint variants `bench/first-paint.ts` measures next to the build's own pass
 * (`FIRST_PAINT` in scripts/postbuild.ts): each is a list of page rewrites, the shipped ones with
 * some left out, replaced or followed by the bench-only rewrites below, which the build never runs.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DomUtils } from 'htmlparser2';
import { afterFirstPaint } from '../scripts/after-paint.ts';
import { DISPLAY_FAMILY, FULL_WEIGHTS, SITE_FONT_AFTER_PAINT } from '../scripts/display-font.ts';
import {
  element,
  elements,
  expectMarkup,
  FIRST_PAINT,
  inlineCriticalCss,
  inlineDisplayFont,
  inlineScript,
  LINK_AFTER_PAINT,
  moduleBootstrap,
  type PageRewrite,
  setText,
  waitingForStylesheets,
  withoutModulePreloads,
} from '../scripts/postbuild.ts';

/** A preload of a display-face file before the first script of <head>, where the old `links()` put it. */
function preloadFont(href: (clientDir: string) => string): PageRewrite {
  return (page, site) => {
    const firstScript = elements(page, (e) => e.name === 'script')[0];
    expectMarkup(firstScript, page, 'no <script> to put the font preload before');
    const url = href(site.clientDir);
    DomUtils.prepend(
      firstScript,
      element(`<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin="anonymous">`),
    );
  };
}

/** The whole latin face (22 KB), preloaded. */
const preloadFullFont = preloadFont((clientDir) => {
  const file = readdirSync(path.join(clientDir, 'assets')).find((f) =>
    /^space-grotesk-latin-wght-normal-.*\.woff2$/.test(f),
  );
  if (!file) throw new Error('the full display face is missing from build/client/assets');
  return `/assets/${file}`;
});

/**
 * The site subset preloaded as a file, with its `@font-face` in the page's inline CSS (or before the
 * stylesheet): the same family as the full face in site.css, declared after it, so it wins where both cover a character.
 */
const preloadSiteSubset: PageRewrite = (page, site) => {
  preloadFont(() => site.fontSubsetUrl)(page, site);
  const [min, max] = FULL_WEIGHTS;
  const face = `@font-face{font-family:"${DISPLAY_FAMILY}";font-style:normal;font-display:optional;font-weight:${min} ${max};src:url(${site.fontSubsetUrl}) format("woff2");unicode-range:${site.fontSubset.unicodeRange}}`;
  const style = elements(page, (e) => e.name === 'style')[0];
  if (style) {
    setText(style, DomUtils.textContent(style) + face);
    return;
  }
  const stylesheet = elements(page, (e) => e.name === 'link' && e.attribs.rel === 'stylesheet')[0];
  expectMarkup(stylesheet, page, 'no <link rel="stylesheet"> to put the font face before');
  DomUtils.prepend(stylesheet, element(`<style>${face}</style>`));
};

/** The favicon and manifest linked at once, as React Router rendered them before decision 012. */
const headLinksAtOnce: PageRewrite = (page) => {
  const links = elements(
    page,
    (e) => (e.attribs.rel === 'icon' || e.attribs.rel === 'manifest') && 'data-href' in e.attribs,
  );
  expectMarkup(links.length === 2, page, 'no favicon and manifest links waiting in data-href');
  for (const link of links) {
    link.attribs.href = link.attribs['data-href'] ?? '';
    delete link.attribs['data-href'];
  }
};

/**
 * The module bootstrap as React Router wrote it, started while the page is parsed, but waiting for
 * the stylesheet that a script of its own links after first paint.
 */
const startAppAtOnce: PageRewrite = (page) => {
  const bootstrap = moduleBootstrap(page);
  setText(bootstrap, waitingForStylesheets(page, DomUtils.textContent(bootstrap)));
  DomUtils.append(bootstrap, inlineScript(afterFirstPaint(LINK_AFTER_PAINT)));
};

/** On top of the build's pass: the site subset left to the browser (fetched when text needs it), not loaded after paint. */
const siteFontWhenNeeded: PageRewrite = (page) => {
  for (const script of elements(page, (e) => e.name === 'script' && !('src' in e.attribs))) {
    const text = DomUtils.textContent(script);
    if (text.includes(`${SITE_FONT_AFTER_PAINT};`)) setText(script, text.replace(`${SITE_FONT_AFTER_PAINT};`, ''));
  }
};

/**
 * On top of the build's pass: the bootstrap's static imports (`import "manifest"; import * as route0
 * from "root"; …`) as dynamic imports started together and awaited as one: the same modules,
 * namespaces and order of use, but each module graph evaluated in a task of its own.
 */
const splitModuleEvaluation: PageRewrite = (page) => {
  const [bootstrap] = elements(page, (e) => e.attribs.id === 'app-bootstrap');
  expectMarkup(bootstrap, page, 'no inert #app-bootstrap (run after startAppAfterPaint)');
  const body = DomUtils.textContent(bootstrap);
  const imports = [...body.matchAll(/^import (?:\* as (\w+) from )?"([^"]+)";\n/gm)];
  expectMarkup(imports.length > 0, page, 'no static imports in the module bootstrap');
  const names = imports.map((m) => m[1] ?? '').join(', ');
  const urls = imports.map((m) => `import(${JSON.stringify(m[2])})`).join(', ');
  const rest = imports.reduce((text, m) => text.replace(m[0], ''), body);
  setText(bootstrap, `const [${names}] = await Promise.all([${urls}]);\n${rest}`);
};

export interface Variant {
  readonly name: string;
  readonly description: string;
  readonly rewrites: readonly PageRewrite[];
  /** The page carries its own subset of the display face (no font request before first paint). */
  readonly fontInPage: boolean;
  /** What the build ships (FIRST_PAINT). */
  readonly shipped?: boolean;
  /** The static-page limit: the page without any script, its critical CSS inline, no web font. */
  readonly static?: boolean;
}

export const VARIANTS: readonly Variant[] = [
  {
    name: 'before',
    description: 'as before this work: render-blocking stylesheet, full font (22 KB) preloaded',
    rewrites: [withoutModulePreloads, headLinksAtOnce, preloadFullFont],
    fontInPage: false,
  },
  {
    name: 'critical-css',
    description: 'critical CSS inline, full stylesheet after first paint; full font preloaded',
    rewrites: [withoutModulePreloads, inlineCriticalCss, headLinksAtOnce, preloadFullFont, startAppAtOnce],
    fontInPage: false,
  },
  {
    name: 'critical-css+subset',
    description: '… and the font subset (preloaded) instead of the full font',
    rewrites: [withoutModulePreloads, inlineCriticalCss, headLinksAtOnce, preloadSiteSubset, startAppAtOnce],
    fontInPage: false,
  },
  {
    name: 'critical-css+inline-font',
    description:
      "… and each page's own subset inside the page (a hashed script registers it before paint; no font request), the site subset loaded after paint",
    rewrites: [withoutModulePreloads, inlineCriticalCss, headLinksAtOnce, inlineDisplayFont, startAppAtOnce],
    fontInPage: true,
  },
  {
    name: 'critical-css+inline-font+after-paint',
    description: '… and the app modules requested after first paint',
    rewrites: [...FIRST_PAINT, headLinksAtOnce],
    fontInPage: true,
  },
  {
    name: 'critical-css+inline-font+after-paint+head-links',
    description:
      '… and the favicon and web app manifest linked after first paint (the browser fetches them, and the install icon, once the document has loaded)',
    rewrites: FIRST_PAINT,
    fontInPage: true,
    shipped: true,
  },
  {
    name: 'critical-css+inline-font+after-paint+head-links+split-modules',
    description:
      '… and the route modules imported dynamically, together, each module graph evaluated in a task of its own',
    rewrites: [...FIRST_PAINT, splitModuleEvaluation],
    fontInPage: true,
  },
  {
    name: 'critical-css+inline-font+after-paint+split-modules',
    description:
      '… and the route modules imported dynamically, together, so each module graph is evaluated in a task of its own',
    rewrites: [...FIRST_PAINT, headLinksAtOnce, splitModuleEvaluation],
    fontInPage: true,
  },
  {
    name: 'critical-css+inline-font+after-paint+lazy-site-font',
    description:
      '… with the site subset left to the browser (fetched when text needs it) instead of right after first paint',
    rewrites: [...FIRST_PAINT, headLinksAtOnce, siteFontWhenNeeded],
    fontInPage: true,
  },
  {
    name: 'static',
    description: 'static-page limit: the same HTML and critical CSS, no script, no web font',
    rewrites: [withoutModulePreloads, inlineCriticalCss, headLinksAtOnce],
    fontInPage: false,
    static: true,
  },
];
