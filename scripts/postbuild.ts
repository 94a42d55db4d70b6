/**
 * Runs after `react-router build` and rewrites each prerendered page for its first paint, then
 * records the sha256 of every inline script of each page (the server sends them in that page's
 * Content-Security-Policy, so no 'unsafe-inline' is needed: hashes are taken after every rewrite)
 * and writes brotli and gzip copies of every compressible file, so the server never compresses
 * at request time. What each rewrite is worth is measured in bench/RESULTS.md (`bench/first-paint.ts`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import { PAGE_MANIFEST_FILE, type PageEntry, type PageManifest } from '../src/shared/page-manifest.ts';
import { afterFirstPaint } from './after-paint.ts';
import { withoutDeferrableRules, withoutUnusedCustomProperties } from './critical-css.ts';
import {
  type DisplayFontSubset,
  displayText,
  inlineFontScript,
  subsetDisplayFont,
  subsetFontFace,
} from './display-font.ts';

const BUILD_DIR = path.resolve(import.meta.dirname, '..', 'build');
const FALLBACK_FILE = '__spa-fallback.html';
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

export interface FirstPaintOptions {
  /** Inline each page's critical CSS; the full stylesheet loads after first paint (and before hydration). */
  readonly criticalCss: boolean;
  /**
   * The display face: `full` preloads the whole latin file (22 KB); `subset` preloads a subset
   * made from all pages' display text (the site subset); `inline` puts the page's own subset in
   * the page (a script registers it before paint) and loads the site subset after first paint.
   */
  readonly font: 'full' | 'subset' | 'inline';
  /** Start loading the app's modules after first paint instead of while the page is parsed. */
  readonly hydrateAfterPaint: boolean;
  /**
   * Import the manifest and the route modules with one dynamic `import()` each, fetched together,
   * instead of static imports: each module graph is then evaluated in a task of its own (React and
   * React Router with the first), not all in one long task.
   */
  readonly splitModuleEvaluation?: boolean;
  /**
   * With `inline`: fetch the site subset right after first paint (default), so text the app renders
   * later (member names) finds it loaded; `false` leaves it to the browser, when text needs it.
   */
  readonly siteFontAfterPaint?: boolean;
  /**
   * Link the favicon and the web app manifest after first paint (with `criticalCss`): the browser
   * fetches both, and the manifest's install icon, as soon as the document has loaded, which is
   * before a prerendered page's first frame, and Lighthouse's simulation charges every request that
   * finished before the first paint to it.
   */
  readonly headLinksAfterPaint?: boolean;
}

/** What the build keeps; `splitModuleEvaluation` measured no better (bench/RESULTS.md) and stays off. */
export const FIRST_PAINT: FirstPaintOptions = {
  criticalCss: true,
  font: 'inline',
  hydrateAfterPaint: true,
  headLinksAfterPaint: true,
};

/**
 * React Router puts a `<link rel="modulepreload">` in <head> for every chunk of the page (~110 KB
 * gzip). The page is prerendered, so first paint needs none of it, but the hints make the browser
 * fetch all of it at high priority before the stylesheet and font finish, which delays first paint
 * on slow connections. The inline module script still imports the same files, so hydration loads
 * exactly what it did (measured in bench/RESULTS.md).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]*"\/?>/g, '');
}

/** Inline scripts: `<script>` elements without a `src` attribute, with their exact text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...new Set(hashes)];
}

/** The `<style>` text beasties inlined (the first `<style>` of the page), or '' when there is none. */
export function inlinedCss(html: string): string {
  return /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
}

/**
 * Enables the full stylesheet after first paint, and links what headLinksAfterPaint held back. The
 * stylesheet stays in <head> as React Router rendered it (so React hydrates it as is), marked
 * `disabled`, which browsers neither fetch nor apply.
 */
const LINKS_AFTER_PAINT =
  'var q=function(s,f){document.querySelectorAll(s).forEach(f)};q("link[data-after-paint]",function(l){l.disabled=false});q("link[data-href]",function(l){l.href=l.dataset.href})';
export const STYLESHEET_LOADER = afterFirstPaint(LINKS_AFTER_PAINT);

/**
 * Keeps the stylesheet links of a page whose critical CSS is inline out of the first paint: they
 * are `disabled` until STYLESHEET_LOADER enables them. Without JavaScript the inline CSS is all
 * the page needs.
 */
export function deferStylesheets(html: string): string {
  const deferred = html.replace(/<link rel="stylesheet" href="([^"]+\.css)"\s*\/?>/g, (_, href: string) => {
    return `<link rel="stylesheet" href="${href}" disabled data-after-paint>`;
  });
  if (deferred === html) return html;
  return deferred.replace('</body>', `<script>${STYLESHEET_LOADER}</script></body>`);
}

/**
 * The favicon and web app manifest links as they are before first paint (see headLinksAfterPaint):
 * their URL waits in `data-href`. The icon points at an empty `data:` image meanwhile, so the
 * browser does not ask for `/favicon.ico` when the document has loaded without an icon; a manifest
 * link without `href` is no manifest. Without JavaScript a page has neither, and needs neither.
 */
export function deferHeadLinks(html: string): string {
  return html.replace(
    /<link rel="(icon|manifest)" href="([^"]+)"/g,
    (_, rel: string, href: string) => `<link rel="${rel}"${rel === 'icon' ? ' href="data:,"' : ''} data-href="${href}"`,
  );
}

/** Runs the inert bootstrap as a module script after first paint. */
const RUN_BOOTSTRAP =
  'var s=document.createElement("script");s.type="module";s.textContent=document.getElementById("app-bootstrap").textContent;document.body.appendChild(s)';
export const BOOTSTRAP_LOADER = afterFirstPaint(RUN_BOOTSTRAP);

/** Both loaders as one script: the stylesheets enabled, then the bootstrap started. */
export const AFTER_PAINT_LOADER = afterFirstPaint(`${LINKS_AFTER_PAINT};${RUN_BOOTSTRAP}`);

/**
 * A page with both loaders gets them as one script, where the bootstrap's was: one CSP hash less in
 * the headers and one script less in the page, bytes that decide whether a page fits in the
 * first round trip (a tutorial page is within a few dozen bytes of it).
 */
export function withOneAfterPaintScript(html: string): string {
  const stylesheets = `<script>${STYLESHEET_LOADER}</script>`;
  const bootstrap = `<script>${BOOTSTRAP_LOADER}</script>`;
  if (!html.includes(stylesheets) || !html.includes(bootstrap)) return html;
  return html.replace(stylesheets, '').replace(bootstrap, () => `<script>${AFTER_PAINT_LOADER}</script>`);
}

/** React Router's inline module script: static imports of the manifest and route modules, then `import(entry.client)`. */
const BOOTSTRAP = /<script type="module" async(?:="")?>(import "\/assets\/manifest-[\s\S]*?)<\/script>/;

/**
 * The module bootstrap waits for the full stylesheet (so nothing renders unstyled) and, with
 * `afterPaint`, starts only after first paint: it becomes an inert `<script type="text/plain">`
 * with the same text, which a loader copies into a module script after paint. The imports, their
 * order and the hydration are exactly React Router's.
 */
export function rewriteBootstrap(
  html: string,
  {
    afterPaint,
    waitForCss,
    splitEvaluation = false,
  }: { afterPaint: boolean; waitForCss: boolean; splitEvaluation?: boolean },
) {
  const match = BOOTSTRAP.exec(html);
  if (!match?.[1]) throw new Error('React Router module bootstrap not found: re-check scripts/postbuild.ts');
  let body = match[1];
  if (splitEvaluation) body = withDynamicImports(body);
  if (waitForCss) {
    // Top-level await: hydration may render elements whose rules are only in the full stylesheet.
    body = body.replace(
      /\nimport\("(\/assets\/entry\.client-[^"]+\.js)"\);/,
      (_, entry: string) =>
        `\nawait Promise.all([...document.querySelectorAll("link[data-after-paint]")].map(l=>l.sheet||new Promise(r=>{l.addEventListener("load",r);l.addEventListener("error",r)})));\nimport("${entry}");`,
    );
  }
  const script = afterPaint
    ? `<script type="text/plain" id="app-bootstrap">${body}</script><script>${BOOTSTRAP_LOADER}</script>`
    : `<script type="module" async="">${body}</script>`;
  return html.replace(match[0], () => script);
}

/**
 * The bootstrap's static imports (`import "manifest"; import * as route0 from "root"; …`) as
 * dynamic imports started together and awaited as one: the same modules, namespaces and order of
 * use, but each graph evaluated in its own task. The entry is still imported last.
 */
export function withDynamicImports(body: string): string {
  const imports = [...body.matchAll(/^import (?:\* as (\w+) from )?"([^"]+)";\n/gm)];
  if (imports.length === 0) throw new Error('no static imports in the module bootstrap: re-check scripts/postbuild.ts');
  const names = imports.map((m) => m[1] ?? '').join(', ');
  const urls = imports.map((m) => `import(${JSON.stringify(m[2])})`).join(', ');
  const rest = imports.reduce((text, m) => text.replace(m[0], ''), body);
  return `const [${names}] = await Promise.all([${urls}]);\n${rest}`;
}

/** A preload of the display face, before the first script of <head>, where the old `links()` put it. */
export function withFontPreload(html: string, href: string): string {
  const link = `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="anonymous">`;
  return html.replace(/<script[\s>]/, (script) => `${link}${script}`);
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

async function tutorialTitles(): Promise<string[]> {
  const { PROJECTS } = await import('../src/shared/content/projects.ts');
  return PROJECTS.map((project) => project.title);
}

export interface PostbuildSummary {
  readonly pages: number;
  readonly compressed: number;
  readonly subset: DisplayFontSubset | null;
}

export async function postbuild(
  buildDir = BUILD_DIR,
  options: FirstPaintOptions = FIRST_PAINT,
): Promise<PostbuildSummary> {
  const clientDir = path.join(buildDir, 'client');
  const files = listFiles(clientDir);
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) rmSync(file);
  }
  const htmlFiles = files.filter((f) => f.endsWith('.html'));
  const raw = new Map(htmlFiles.map((file) => [file, withoutModulePreloads(readFileSync(file, 'utf8'))]));

  let subset: DisplayFontSubset | null = null;
  if (options.font !== 'full') {
    subset = await subsetDisplayFont(displayText([...raw.values()], { extraTexts: await tutorialTitles() }));
    const fontFile = path.join(clientDir, 'assets', subset.fileName);
    writeFileSync(fontFile, subset.woff2);
    files.push(fontFile);
  }
  const subsetUrl = subset ? `/assets/${subset.fileName}` : null;
  const fullFont = readdirSync(path.join(clientDir, 'assets')).find((f) =>
    /^space-grotesk-latin-wght-normal-.*\.woff2$/.test(f),
  );
  const fullFontUrl = fullFont ? `/assets/${fullFont}` : null;

  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    // The stylesheet link stays as React Router rendered it (deferStylesheets disables it).
    // `false` is beasties' documented "leave the link alone", missing from its type.
    preload: false as unknown as 'body',
    pruneSource: false,
    inlineFonts: true,
    preloadFonts: false,
    keyframes: 'critical',
    compress: true,
    // `[data-session]` is set by the boot script before paint, so not in the prerendered markup;
    // beasties drops the `[&_svg]:…` utilities (icon sizes in buttons) though the markup uses them,
    // and without them the header's icons change size when the full stylesheet arrives.
    allowRules: [/\[data-session\]/, /&_svg/],
    logLevel: 'warn',
  });

  const pages: Record<string, PageEntry> = {};
  let fallback: PageEntry | undefined;
  for (const file of htmlFiles) {
    const relative = path.relative(clientDir, file);
    const isFallback = relative === FALLBACK_FILE;
    let html = raw.get(file) ?? '';
    // The 404 shell is filled in by the app after it loads: it keeps the whole stylesheet, render-blocking.
    const critical = options.criticalCss && !isFallback;
    if (critical) {
      const inlined = (await beasties.process(html)).replace(' data-beasties-container', '');
      html = deferStylesheets(
        inlined.replace(
          /<style>([\s\S]*?)<\/style>/,
          (_, css: string) => `<style>${withoutUnusedCustomProperties(withoutDeferrableRules(css), inlined)}</style>`,
        ),
      );
      if (options.headLinksAfterPaint) html = deferHeadLinks(html);
    }
    if (subset && subsetUrl && options.font === 'inline') {
      const own = displayText([html], { typed: false });
      let script = '';
      if (own.text.trim().length > 0) {
        const pageSubset = await subsetDisplayFont(own, { weights: subset.weights });
        const site = { url: subsetUrl, text: subset.text, loadAfterPaint: options.siteFontAfterPaint !== false };
        script = `<script>${inlineFontScript(pageSubset, site)}</script>`;
      }
      html = html.replace('</head>', () => `${script}</head>`);
    } else if (subset && subsetUrl) {
      const face = subsetFontFace(subset, subsetUrl);
      html = html.replace(/<style>([\s\S]*?)<\/style>|<link rel="stylesheet"/, (found, css?: string) =>
        css === undefined ? `<style>${face}</style>${found}` : `<style>${css}${face}</style>`,
      );
      html = withFontPreload(html, subsetUrl);
    } else if (fullFontUrl) {
      html = withFontPreload(html, fullFontUrl);
    }
    if (critical || options.hydrateAfterPaint) {
      html = rewriteBootstrap(html, {
        afterPaint: options.hydrateAfterPaint,
        waitForCss: critical,
        splitEvaluation: options.splitModuleEvaluation === true,
      });
      html = withOneAfterPaintScript(html);
    }
    writeFileSync(file, html);
    const entry = { file: relative, scriptHashes: inlineScriptHashes(html) };
    if (isFallback) fallback = entry;
    else if (path.basename(relative) === 'index.html') pages[routeOf(relative)] = entry;
  }
  if (!fallback) throw new Error(`${FALLBACK_FILE} is missing from ${clientDir}`);
  const manifest: PageManifest = { pages, fallback };
  writeFileSync(path.join(buildDir, PAGE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

  let compressed = 0;
  for (const file of files) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
    compressed++;
  }
  return { pages: Object.keys(pages).length, compressed, subset };
}

if (import.meta.main) {
  const summary = await postbuild();
  const font = summary.subset ? `; display font subset ${summary.subset.woff2.length} B` : '';
  console.warn(
    `postbuild: ${summary.pages} pages + 404 shell rewritten and hashed${font}; ${summary.compressed} files precompressed`,
  );
}
