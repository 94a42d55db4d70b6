/**
 * Runs after `react-router build`: rewrites each prerendered page for its first paint, in one pass
 * over its parsed HTML, then records the sha256 of every inline script of the page as rewritten
 * (the server sends them in that page's Content-Security-Policy, so no 'unsafe-inline' is needed)
 * and writes brotli and gzip copies of every compressible file, so the server never compresses at
 * request time. `src/web/app/root.tsx` renders what JSX can say (the favicon and manifest linked
 * after paint, the 404 shell's title); this pass does what only the built page allows, in order:
 *
 * 1. `withoutModulePreloads`: React Router's modulepreload hints go (decision 003).
 * 2. `inlineCriticalCss`: the rules the page uses go inline and its stylesheet is linked after first
 *    paint (decision 004); the 404 shell keeps its stylesheet render-blocking (the app fills it in).
 * 3. `expectHeadLinksAfterPaint`: the favicon and manifest wait in `data-href` (decision 012).
 * 4. `inlineDisplayFont`: the page's own subset of the display face goes inside it (decision 004).
 * 5. `startAppAfterPaint`: React Router's module bootstrap becomes inert text that one script starts
 *    after first paint, once the full stylesheet has loaded; the same script links what waits in
 *    `data-href` (decisions 003, 012).
 *
 * Each step throws, naming the page, when the markup it rewrites is not there, so a React Router
 * upgrade that changes its markup fails the build instead of shipping unoptimised pages. What each
 * step is worth is measured by `bench/first-paint.ts` (its variants live in bench/first-paint-variants.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { PAGE_MANIFEST_FILE, type PageEntry, type PageManifest } from '../src/shared/page-manifest.ts';
import { afterFirstPaint } from './after-paint.ts';
import {
  criticalCssInliner,
  withoutDeferrableRules,
  withoutRulesOf,
  withoutUnusedCustomProperties,
} from './critical-css.ts';
import { type DisplayFontSubset, displayText, inlineFontScript, subsetDisplayFont } from './display-font.ts';
import { writePrecompressed } from './precompress.ts';

const BUILD_DIR = path.resolve(import.meta.dirname, '..', 'build');
const FALLBACK_FILE = '__spa-fallback.html';
// Sketches (.ino) and the programs built from them (.hex) are text: a third of their size in brotli.
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ino', '.hex']);

type HtmlDocument = ReturnType<typeof parseDocument>;
export type HtmlElement = NonNullable<ReturnType<typeof DomUtils.findOne>>;

/** A prerendered page while the pass rewrites it. */
export interface BuiltPage {
  /** Relative to `build/client`: `index.html`, `about/index.html`, `__spa-fallback.html`. */
  readonly file: string;
  /** The 404 shell, which the app fills in once it has loaded. */
  readonly isFallback: boolean;
  document: HtmlDocument;
}

/** What the rewrites of every page share. */
export interface Site {
  readonly clientDir: string;
  /** The display face cut to the text of every page, loaded after first paint. */
  readonly fontSubset: DisplayFontSubset;
  readonly fontSubsetUrl: string;
  readonly inlineCriticalCss: (html: string) => Promise<string>;
}

export type PageRewrite = (page: BuiltPage, site: Site) => void | Promise<void>;

// Entities stay as React Router wrote them: a page is written back byte for byte but for the rewrites.
const parse = (html: string) => parseDocument(html, { decodeEntities: false });
const serialize = (page: BuiltPage) => DomUtils.getOuterHTML(page.document, { decodeEntities: false });

export function readPage(clientDir: string, file: string): BuiltPage {
  return {
    file,
    isFallback: file === FALLBACK_FILE,
    document: parse(readFileSync(path.join(clientDir, file), 'utf8')),
  };
}

/** The build stops here, naming the page and the markup a rewrite did not find. */
export function expectMarkup(found: unknown, page: BuiltPage, missing: string): asserts found {
  if (!found) {
    throw new Error(`${page.file}: ${missing}. Has React Router's markup changed? See scripts/postbuild.ts.`);
  }
}

export function elements(page: BuiltPage, test: (element: HtmlElement) => boolean): HtmlElement[] {
  return DomUtils.findAll(test, page.document.children);
}

function onlyElement(page: BuiltPage, test: (element: HtmlElement) => boolean, what: string): HtmlElement {
  const found = elements(page, test);
  expectMarkup(found.length === 1, page, `expected one ${what}, found ${found.length}`);
  return found[0] as HtmlElement;
}

const head = (page: BuiltPage) => onlyElement(page, (e) => e.name === 'head', '<head>');

/** An element made from markup, to insert into a page. */
export function element(html: string): HtmlElement {
  const made = DomUtils.findOne(() => true, parse(html).children, false);
  if (!made) throw new Error(`no element in ${html}`);
  return made;
}

export const inlineScript = (code: string) => element(`<script>${code}</script>`);

/** Replaces the text of a `<script>` or `<style>` (one text node, as the parser reads them). */
export function setText(target: HtmlElement, text: string) {
  const [node, ...more] = target.children;
  if (node?.type !== 'text' || more.length > 0) throw new Error(`<${target.name}> without text to replace`);
  node.data = text;
}

/** The parts of each page set aside by setAsideLaterParts, and the page as it was. */
const setAside = new WeakMap<BuiltPage, { html: string; parts: ChildNode[][] }>();
const LATER_PART = 'data-later';
const LATER_CSS = 'data-later-css';

/**
 * 0. A part marked `data-later` (a tutorial's steps, decision 023) comes after the first screen and
 * in the second round trip: it is set aside while the rewrites below fit the first screen into the
 * first (its inline CSS and its own subset of the display face are the first screen's).
 */
export function setAsideLaterParts(page: BuiltPage) {
  const parts = elements(page, (e) => LATER_PART in e.attribs);
  if (parts.length === 0) return;
  setAside.set(page, { html: serialize(page), parts: parts.map((part) => [...part.children]) });
  for (const part of parts) for (const child of [...part.children]) DomUtils.removeElement(child);
}

/** The page's markup without what its `data-later` parts hold. */
function firstScreen(page: BuiltPage): string {
  const copy = parse(serialize(page));
  const parts = DomUtils.findAll((e) => LATER_PART in e.attribs, copy.children);
  for (const part of parts) for (const child of [...part.children]) DomUtils.removeElement(child);
  return DomUtils.getOuterHTML(copy, { decodeEntities: false });
}

/**
 * 6. The parts set aside come back, with the rules they use that the inline CSS of the first screen
 * lacks in their own `<style data-later-css>` (React renders it empty): the browser has them as the
 * part arrives, without waiting for the full stylesheet.
 */
export async function restoreLaterParts(page: BuiltPage, site: Site) {
  const aside = setAside.get(page);
  if (!aside) return;
  // A rewrite may have parsed the page anew (inlineCriticalCss): the parts are found again, in order.
  const parts = elements(page, (e) => LATER_PART in e.attribs);
  expectMarkup(parts.length === aside.parts.length, page, `${aside.parts.length} parts marked ${LATER_PART}`);
  parts.forEach((part, index) => {
    for (const child of aside.parts[index] ?? []) DomUtils.appendChild(part, child);
  });
  const whole = parse(await site.inlineCriticalCss(aside.html));
  const wholeCss = DomUtils.findAll((e) => e.name === 'style' && !(LATER_CSS in e.attribs), whole.children);
  const firstCss = elements(page, (e) => e.name === 'style' && !(LATER_CSS in e.attribs));
  expectMarkup(wholeCss.length === 1 && firstCss.length === 1, page, 'one <style> of critical CSS');
  const partsMarkup = parts.map((part) => DomUtils.getOuterHTML(part)).join('');
  const css = withoutUnusedCustomProperties(
    withoutRulesOf(
      withoutDeferrableRules(DomUtils.textContent(wholeCss[0] as HtmlElement)),
      DomUtils.textContent(firstCss[0] as HtmlElement),
    ),
    partsMarkup,
  );
  for (const style of elements(page, (e) => e.name === 'style' && LATER_CSS in e.attribs)) {
    for (const child of [...style.children]) DomUtils.removeElement(child);
    for (const text of element(`<style>${css}</style>`).children) DomUtils.appendChild(style, text);
  }
}

/**
 * 1. React Router puts a `<link rel="modulepreload">` in <head> for every chunk of the page (~110 KB
 * gzip). The page is prerendered, so first paint needs none of it, but the hints make the browser
 * fetch all of it at high priority before the stylesheet and font finish. The bootstrap still
 * imports the same files, so hydration loads exactly what it did (decision 003).
 */
export function withoutModulePreloads(page: BuiltPage) {
  const hints = elements(page, (e) => e.name === 'link' && e.attribs.rel === 'modulepreload');
  expectMarkup(hints.length > 0, page, 'no <link rel="modulepreload"> to remove');
  for (const hint of hints) DomUtils.removeElement(hint);
}

/**
 * 2. The rules the page's markup uses go in a `<style>`; its stylesheet waits in `data-href` until the
 * after-paint script links it: without `href` the browser neither fetches nor applies it. Without
 * JavaScript the inline CSS is all the page needs. The 404 shell shows what the app renders once it
 * has loaded: it keeps the whole stylesheet, render-blocking.
 */
export async function inlineCriticalCss(page: BuiltPage, site: Site) {
  if (page.isFallback) return;
  page.document = parse(await site.inlineCriticalCss(serialize(page)));
  for (const marked of elements(page, (e) => 'data-beasties-container' in e.attribs)) {
    delete marked.attribs['data-beasties-container'];
  }
  const style = onlyElement(page, (e) => e.name === 'style', '<style> of critical CSS');
  const markup = serialize(page);
  setText(style, withoutUnusedCustomProperties(withoutDeferrableRules(DomUtils.textContent(style)), markup));
  const stylesheets = elements(page, (e) => e.name === 'link' && e.attribs.rel === 'stylesheet');
  expectMarkup(stylesheets.length > 0, page, 'no <link rel="stylesheet"> to link after first paint');
  for (const link of stylesheets) {
    const href = link.attribs.href;
    expectMarkup(href, page, '<link rel="stylesheet"> without href');
    delete link.attribs.href;
    link.attribs['data-href'] = href;
  }
}

/**
 * 3. root.tsx renders the favicon and manifest links with their URL in `data-href`: the browser would
 * otherwise fetch both, and the manifest's install icon, before the first paint (decision 012).
 */
export function expectHeadLinksAfterPaint(page: BuiltPage) {
  for (const rel of ['icon', 'manifest']) {
    const link = onlyElement(page, (e) => e.name === 'link' && e.attribs.rel === rel, `<link rel="${rel}">`);
    const waits = link.attribs['data-href'] && (link.attribs.href ?? 'data:').startsWith('data:');
    expectMarkup(waits, page, `<link rel="${rel}"> is linked before first paint (root.tsx puts its URL in data-href)`);
  }
}

/**
 * 4. A script at the end of <head> registers the page's own subset of the display face from its
 * bytes before first paint, and the site subset for other characters (display-font.ts).
 */
export async function inlineDisplayFont(page: BuiltPage, site: Site) {
  const own = displayText([serialize(page)], { typed: false });
  if (own.text.trim().length === 0) return;
  const pageSubset = await subsetDisplayFont(own, { weights: site.fontSubset.weights });
  const script = inlineFontScript(pageSubset, { url: site.fontSubsetUrl, text: site.fontSubset.text });
  DomUtils.appendChild(head(page), inlineScript(script));
}

/** React Router's module bootstrap: static imports of the manifest and route modules, then `import(entry.client)`. */
export function moduleBootstrap(page: BuiltPage): HtmlElement {
  return onlyElement(
    page,
    (e) =>
      e.name === 'script' &&
      e.attribs.type === 'module' &&
      DomUtils.textContent(e).startsWith('import "/assets/manifest-'),
    'React Router module bootstrap (<script type="module">import "/assets/manifest-…")',
  );
}

const ENTRY_IMPORT = /\nimport\("\/assets\/entry\.client-[^"]+\.js"\);$/;

/**
 * The bootstrap's text, made to wait for the page's stylesheets before it imports the entry, which
 * hydrates: hydration may render elements whose rules are only in the full stylesheet.
 */
export function waitingForStylesheets(page: BuiltPage, bootstrap: string): string {
  const entry = ENTRY_IMPORT.exec(bootstrap);
  expectMarkup(entry, page, 'the module bootstrap does not end with import("/assets/entry.client-….js")');
  const wait =
    '\nawait Promise.all([...document.querySelectorAll("link[rel=stylesheet]")].map(l=>l.sheet||new Promise(r=>{l.onload=l.onerror=r})));';
  return `${bootstrap.slice(0, entry.index)}${wait}${entry[0]}`;
}

/** Links what waits in `data-href`: the full stylesheet, the favicon, the web app manifest. */
export const LINK_AFTER_PAINT =
  'document.querySelectorAll("link[data-href]").forEach(function(l){l.href=l.dataset.href})';

/** Runs the inert bootstrap as a module script: the imports, their order and the hydration are React Router's. */
const RUN_BOOTSTRAP =
  'var s=document.createElement("script");s.type="module";s.text=document.getElementById("app-bootstrap").text;document.body.append(s)';

/** The one script a page runs after its first paint. */
export const AFTER_PAINT_SCRIPT = afterFirstPaint(`${LINK_AFTER_PAINT};${RUN_BOOTSTRAP}`);

/**
 * 5. The bootstrap becomes an inert `<script type="text/plain" id="app-bootstrap">` with the same
 * text (waiting for the stylesheets), followed by the script that links and starts everything after
 * first paint: one script, one CSP hash, bytes that decide whether a page fits in the first round trip.
 */
export function startAppAfterPaint(page: BuiltPage) {
  const bootstrap = moduleBootstrap(page);
  setText(bootstrap, waitingForStylesheets(page, DomUtils.textContent(bootstrap)));
  bootstrap.attribs = { type: 'text/plain', id: 'app-bootstrap' };
  DomUtils.append(bootstrap, inlineScript(AFTER_PAINT_SCRIPT));
}

/** What the build does to every page, in order. */
export const FIRST_PAINT: readonly PageRewrite[] = [
  setAsideLaterParts,
  withoutModulePreloads,
  inlineCriticalCss,
  expectHeadLinksAfterPaint,
  inlineDisplayFont,
  startAppAfterPaint,
  restoreLaterParts,
];

/** The sha256 of each inline script (a `<script>` without `src`) of `html`, for its CSP. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = DomUtils.findAll((e) => e.name === 'script' && !('src' in e.attribs), parse(html).children);
  const hashes = scripts
    .map((script) => DomUtils.textContent(script))
    .filter((text) => text.length > 0)
    .map((text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  return [...new Set(hashes)];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** `index.html` → `/`, `about/index.html` → `/about`. */
function routeOf(relativeFile: string): string {
  const dir = path.dirname(relativeFile).split(path.sep).join('/');
  return dir === '.' ? '/' : `/${dir}`;
}

/** The site subset of the display face: every page's display text, the tutorial titles (shown after navigation). */
async function siteFontSubset(clientDir: string, pages: readonly BuiltPage[]): Promise<DisplayFontSubset> {
  const { PROJECTS } = await import('../src/shared/content/projects.ts');
  // What the first screens show, as before the steps were prerendered: what they add (a step title's
  // weight) would otherwise widen every page's own subset, in its first round trip.
  const text = displayText(pages.map(firstScreen), { extraTexts: PROJECTS.map((project) => project.title) });
  const subset = await subsetDisplayFont(text);
  writeFileSync(path.join(clientDir, 'assets', subset.fileName), subset.woff2);
  return subset;
}

export interface PostbuildSummary {
  readonly pages: number;
  readonly compressed: number;
  readonly fontSubset: DisplayFontSubset;
}

/** `rewrites`: what the build does (FIRST_PAINT); bench/first-paint.ts passes its variants. */
export async function postbuild(
  buildDir = BUILD_DIR,
  rewrites: readonly PageRewrite[] = FIRST_PAINT,
): Promise<PostbuildSummary> {
  const clientDir = path.join(buildDir, 'client');
  for (const file of listFiles(clientDir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) rmSync(file);
  }
  const pages = listFiles(clientDir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => readPage(clientDir, path.relative(clientDir, file)));
  const fontSubset = await siteFontSubset(clientDir, pages);
  const site: Site = {
    clientDir,
    fontSubset,
    fontSubsetUrl: `/assets/${fontSubset.fileName}`,
    inlineCriticalCss: criticalCssInliner(clientDir),
  };

  const entries: Record<string, PageEntry> = {};
  let fallback: PageEntry | undefined;
  for (const page of pages) {
    for (const rewrite of rewrites) await rewrite(page, site);
    const html = serialize(page);
    writeFileSync(path.join(clientDir, page.file), html);
    const entry = { file: page.file, scriptHashes: inlineScriptHashes(html) };
    if (page.isFallback) fallback = entry;
    else if (path.basename(page.file) === 'index.html') entries[routeOf(page.file)] = entry;
  }
  if (!fallback) throw new Error(`${FALLBACK_FILE} is missing from ${clientDir}`);
  const manifest: PageManifest = { pages: entries, fallback };
  writeFileSync(path.join(buildDir, PAGE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

  let compressed = 0;
  for (const file of listFiles(clientDir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    writePrecompressed(file);
    compressed++;
  }
  return { pages: Object.keys(entries).length, compressed, fontSubset };
}

if (import.meta.main) {
  const summary = await postbuild();
  console.warn(
    `postbuild: ${summary.pages} pages + 404 shell rewritten and hashed; display font subset ${summary.fontSubset.woff2.length} B; ${summary.compressed} files precompressed`,
  );
}
