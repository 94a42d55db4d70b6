/**
 * Measures the production build against the performance budgets (issue: Performance):
 * the JavaScript a page loads before any interaction, each route's own chunk, and the CSS.
 * `node scripts/bundle-budget.ts` prints the report; a test in `npm test` enforces it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGETS = {
  /** Everything `/` loads before the first interaction, gzip. */
  initialJsBytes: 120 * 1024,
  /** What opening each route adds to the home page's JavaScript (its module and imports), gzip. */
  routeChunkBytes: 60 * 1024,
  /** All stylesheets, gzip. */
  cssBytes: 20 * 1024,
  /**
   * The critical CSS inlined in each prerendered page, gzip: with the HTML it must fit the first
   * round trip (TCP's first window is 10 segments, about 14 KB), or first paint waits for another.
   */
  criticalCssBytes: 14 * 1024,
} as const;

const CLIENT_DIR = path.resolve(import.meta.dirname, '..', 'build', 'client');

export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function assetPath(url: string): string {
  return path.join(CLIENT_DIR, url.replace(/^\//, ''));
}

/** Static imports of a built chunk (`import … from"./x.js"`, `import"./x.js"`), as asset URLs. */
function staticImports(url: string): string[] {
  const code = readFileSync(assetPath(url), 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    const spec = match[1];
    if (spec) found.push(path.posix.join(path.posix.dirname(url), spec));
  }
  return found;
}

/** A chunk and everything it imports statically. */
function closure(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const url = queue.pop();
    if (!url || seen.has(url) || !existsSync(assetPath(url))) continue;
    seen.add(url);
    queue.push(...staticImports(url));
  }
  return [...seen].sort();
}

/** The JavaScript a prerendered page loads before any interaction: its preloads, scripts and their static imports. */
export function initialJavaScript(htmlFile: string): string[] {
  const html = readFileSync(path.join(CLIENT_DIR, htmlFile), 'utf8');
  return closure(
    [
      ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]),
      // React Router's inline bootstrap: `import "/assets/manifest-….js"; import * as route0 from "/assets/….js";`
      // and, right after, `import("/assets/entry.client-….js")`, which runs at once, so it counts too.
      ...[...html.matchAll(/import\s*(?:[\w*{}\s,$]+from\s*)?["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]),
      ...[...html.matchAll(/import\(\s*["'](\/assets\/[^"']+\.js)["']\s*\)/g)].map((m) => m[1]),
    ].filter((url): url is string => typeof url === 'string'),
  );
}

/** Route modules from React Router's client manifest (`/assets/manifest-*.js`). */
export function routeModules(): Record<string, string> {
  const manifestFile = readdirSync(path.join(CLIENT_DIR, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error('React Router manifest not found in build/client/assets');
  const code = readFileSync(path.join(CLIENT_DIR, 'assets', manifestFile), 'utf8');
  const routes: Record<string, string> = {};
  for (const match of code.matchAll(/"id":"([^"]+)"[^{}]*?"module":"([^"]+)"/g)) {
    const [, id, module] = match;
    if (id && module) routes[id] = module;
  }
  return routes;
}

export function cssFiles(): string[] {
  return readdirSync(path.join(CLIENT_DIR, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => `/assets/${f}`);
}

/** The CSS inlined in `<style>` elements of an HTML page (scripts/postbuild.ts puts the page's critical CSS there). */
export function inlineCss(html: string): string {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('');
}

/** Each prerendered page (`/`, `/about`, …) with the gzip size of its inline CSS. */
export function criticalCss(): Record<string, number> {
  const pages: Record<string, number> = {};
  for (const entry of readdirSync(CLIENT_DIR, { recursive: true, withFileTypes: true })) {
    if (entry.name !== 'index.html' || !entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/${path.relative(CLIENT_DIR, entry.parentPath).split(path.sep).join('/')}`.replace(/\/$/, '') || '/';
    pages[route] = gzipSync(inlineCss(readFileSync(file, 'utf8')), { level: 9 }).length;
  }
  return pages;
}

export interface BundleReport {
  readonly initialJs: { readonly files: string[]; readonly bytes: number };
  readonly routes: Record<string, number>;
  readonly cssBytes: number;
  /** Gzip bytes of the critical CSS inlined in each prerendered page. */
  readonly criticalCss: Record<string, number>;
}

export function bundleReport(htmlFile = 'index.html'): BundleReport {
  const files = initialJavaScript(htmlFile);
  const loaded = new Set(files);
  const routes = Object.fromEntries(
    Object.entries(routeModules()).map(([id, url]) => [
      id,
      closure([url])
        .filter((file) => !loaded.has(file))
        .reduce((sum, file) => sum + gzipSize(assetPath(file)), 0),
    ]),
  );
  return {
    initialJs: { files, bytes: files.reduce((sum, url) => sum + gzipSize(assetPath(url)), 0) },
    routes,
    cssBytes: cssFiles().reduce((sum, url) => sum + gzipSize(assetPath(url)), 0),
    criticalCss: criticalCss(),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const report = bundleReport();
  console.warn(`initial JS on / : ${kb(report.initialJs.bytes)} gzip (budget ${kb(BUDGETS.initialJsBytes)})`);
  for (const url of report.initialJs.files) console.warn(`  ${url}  ${kb(gzipSize(assetPath(url)))}`);
  for (const [id, bytes] of Object.entries(report.routes)) console.warn(`route ${id} adds ${kb(bytes)}`);
  console.warn(`CSS: ${kb(report.cssBytes)} gzip (budget ${kb(BUDGETS.cssBytes)})`);
  for (const [route, bytes] of Object.entries(report.criticalCss)) {
    console.warn(`critical CSS inlined in ${route}: ${kb(bytes)} gzip (budget ${kb(BUDGETS.criticalCssBytes)})`);
  }
}
