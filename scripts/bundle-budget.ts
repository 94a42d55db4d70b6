/**
 * Measures the production build against the performance budgets (issue: Performance):
 * the JavaScript a page loads before any interaction, each route's own chunk, and the CSS.
 * `node scripts/bundle-budget.ts` prints the report; a test in `npm test` enforces it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGETS = {
  /**
   * Everything `/` loads before the first interaction, gzip. The second wave's routes grew the
   * shared chunks past this (121.1 KB); React, React Router and their helpers now go into one
   * `framework` chunk (vite.config.ts), which compresses as one and dropped `/` to 117.8 KB.
   */
  initialJsBytes: 120 * 1024,
  /**
   * What opening each route adds to the home page's JavaScript (its module and imports), gzip.
   * 64 KB (was 60): the signed-in pages share the session manager, the query client and the
   * offline queue (IndexedDB), which grew with sign-out everywhere, password reset and offline sync.
   * 64.5 KB since a member's tabs keep in step (decision 021: the channel in the query client every
   * data route loads) and the tutorial route asks for its steps as its script starts
   * (decision 023): the tutorial route measured 65,628 bytes, 172 of them from that change.
   * 65 KB since a tutorial's steps are in its prerendered page and hydrate when their chunk comes
   * (decision 023, amended): the Suspense boundary, its props as prerendered until then and the
   * taps held there took the tutorial route to 66,279 bytes (+651).
   */
  routeChunkBytes: 65 * 1024,
  /**
   * What a tutorial page loads beyond `/projects` (its route, its content chunk and the largest
   * tutorial's diagram and sketch), gzip: the tutorials issue's limit, 30 KB. 36 KB since the page
   * is built around its steps (issue 23): the steps bar with its list, each step's part of the
   * diagram and its lines of code, the tabs of the whole (about 4 KB, all after first paint and
   * the session check); the sections chunk is still smaller than the tutorials' data and assets.
   * 37 KB since "Change the code and run it" (issue 32): its section and the loader of the editor
   * (measured: 36.0 KB without the section, 36.4 KB with it); CodeMirror itself is on demand.
   */
  tutorialOverProjectsBytes: 37 * 1024,
  /**
   * What opening a sketch made with blocks loads beyond the sketch page (issue 33), gzip: Blockly
   * 13 (about 190 KB of it), our blocks and their generator, and the blocks workbench. Only there:
   * no page loads it first (a test checks that no route's chunks hold Blockly).
   */
  blocksOnDemandBytes: 210 * 1024,
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

export function assetPath(url: string): string {
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
export function closure(roots: readonly string[]): string[] {
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

/** Dynamic imports of a built chunk (`import("./x.js")`), as asset URLs. */
function dynamicImports(url: string): string[] {
  const code = readFileSync(assetPath(url), 'utf8');
  return [...code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].flatMap((m) =>
    m[1] ? [path.posix.join(path.posix.dirname(url), m[1])] : [],
  );
}

/**
 * Chunks a tutorial page loads only when the learner asks: the simulator (its panel, and the Web
 * Worker that panel starts, which no import names) and the editor (CodeMirror, with the simulator
 * it runs the learner's program in). Not part of what the page loads.
 */
const ON_DEMAND = /\/(?:simulator-panel|edit-and-run)-[\w-]+\.js$/;
const EDITOR = /\/edit-and-run-[\w-]+\.js$/;

/**
 * The JavaScript a tutorial page needs beyond what `/` and `/projects` loaded: the route's own
 * chunks and what it imports when it renders (the tutorial content, and the diagram and sketch of
 * one tutorial — the largest, so the figure is the worst case), gzip.
 */
export function tutorialOverProjects(initial: ReadonlySet<string>, routes: Record<string, string>): number {
  const tutorial = routes['routes/tutorial'];
  const projects = routes['routes/projects'];
  if (!tutorial || !projects) throw new Error('the tutorial or projects route is missing from the manifest');
  const before = new Set([...initial, ...closure([projects])]);
  const own = closure([tutorial]);
  const lazy = [...new Set(own.flatMap(dynamicImports))].filter(
    (url) => !before.has(url) && !own.includes(url) && !ON_DEMAND.test(url),
  );
  const size = (files: readonly string[]) =>
    files.filter((f) => !before.has(f)).reduce((sum, f) => sum + gzipSize(assetPath(f)), 0);
  // Each tutorial's assets are their own chunk; the page loads one of them.
  const perTutorial = lazy.map((url) => ({ url, bytes: size(closure([url])) }));
  const assets = perTutorial.filter(({ url }) => !/tutorial-view|tutorial-sections|video-facade|not-found/.test(url));
  const shared = perTutorial.filter((chunk) => !assets.includes(chunk));
  const largestAssets = Math.max(0, ...assets.map((chunk) => chunk.bytes));
  return size(own) + shared.reduce((sum, chunk) => sum + chunk.bytes, 0) + largestAssets;
}

/**
 * What "Run in the simulator" loads on a tutorial page that has loaded everything else, gzip: the
 * panel's chunks and the worker (avr8js, the part models, the tutorials' circuits). Reported, not budgeted.
 */
export function simulatorOnDemand(initial: ReadonlySet<string>, routes: Record<string, string>) {
  const tutorial = routes['routes/tutorial'];
  if (!tutorial) throw new Error('the tutorial route is missing from the manifest');
  const page = new Set([...initial, ...closure([tutorial])]);
  const pageLazy = closure([...new Set([...page].flatMap(dynamicImports))].filter((url) => !ON_DEMAND.test(url)));
  for (const url of pageLazy) page.add(url);
  const onDemand = [...page].flatMap(dynamicImports).filter((url) => ON_DEMAND.test(url));
  const panel = onDemand.filter((url) => !EDITOR.test(url));
  const bytesBeyond = (urls: readonly string[], loaded: ReadonlySet<string>) =>
    closure(urls)
      .filter((url) => !loaded.has(url))
      .reduce((sum, url) => sum + gzipSize(assetPath(url)), 0);
  const panelBytes = bytesBeyond(panel, page);
  // The editor beyond the simulator panel it shows (which "Run in the simulator" may have loaded already).
  const editorBytes = bytesBeyond(
    onDemand.filter((url) => EDITOR.test(url)),
    new Set([...page, ...closure(panel)]),
  );
  const workers = readdirSync(path.join(CLIENT_DIR, 'assets')).filter((f) => /^simulator\.worker-[\w-]+\.js$/.test(f));
  const workerBytes = workers.reduce((sum, f) => sum + gzipSize(path.join(CLIENT_DIR, 'assets', f)), 0);
  return { panelBytes, workerBytes, editorBytes };
}

/** A chunk that holds Blockly itself (its CSS class names are in its code). */
const holdsBlockly = (url: string) => readFileSync(assetPath(url), 'utf8').includes('blocklyMainBackground');

/**
 * What opening a sketch made with blocks loads on the sketch page, gzip (the blocks workbench's
 * chunk and what it imports that the page had not), and the routes whose own chunks hold Blockly
 * (none should).
 */
export function blocksOnDemand(initial: ReadonlySet<string>, routes: Record<string, string>) {
  const page = routes['routes/playground-sketch'];
  if (!page) throw new Error('the playground sketch route is missing from the manifest');
  const assets = readdirSync(path.join(CLIENT_DIR, 'assets'));
  const workbench = assets.find((f) => /^blocks-workbench-[\w-]+\.js$/.test(f));
  if (!workbench) throw new Error('the blocks workbench chunk is missing from build/client/assets');
  const before = new Set([...initial, ...closure([page])]);
  // The sketch page's own lazy chunks (its text editor, the simulator) are not the blocks' bytes.
  for (const url of closure([...before].flatMap(dynamicImports).filter((u) => !u.includes('blocks-workbench'))))
    before.add(url);
  const blocks = closure([`/assets/${workbench}`]).filter((url) => !before.has(url));
  return {
    bytes: blocks.reduce((sum, url) => sum + gzipSize(assetPath(url)), 0),
    holdsBlockly: blocks.some(holdsBlockly),
    routesWithBlockly: Object.entries(routes)
      .filter(([, url]) => closure([url]).some(holdsBlockly))
      .map(([id]) => id),
  };
}

export interface BundleReport {
  readonly initialJs: { readonly files: string[]; readonly bytes: number };
  readonly routes: Record<string, number>;
  /** What a tutorial page adds to `/projects`, gzip (see `tutorialOverProjects`). */
  readonly tutorialOverProjects: number;
  /** What "Run in the simulator" and "Edit the code" load, gzip (see `simulatorOnDemand`). */
  readonly simulator: { readonly panelBytes: number; readonly workerBytes: number; readonly editorBytes: number };
  /** What a sketch made with blocks loads (see `blocksOnDemand`). */
  readonly blocks: ReturnType<typeof blocksOnDemand>;
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
    tutorialOverProjects: tutorialOverProjects(loaded, routeModules()),
    simulator: simulatorOnDemand(loaded, routeModules()),
    blocks: blocksOnDemand(loaded, routeModules()),
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
  console.warn(
    `a tutorial page adds ${kb(report.tutorialOverProjects)} to /projects (budget ${kb(BUDGETS.tutorialOverProjectsBytes)})`,
  );
  console.warn(
    `"Run in the simulator" loads ${kb(report.simulator.panelBytes)} (panel) + ${kb(report.simulator.workerBytes)} (worker), on demand`,
    `"Edit the code" loads ${kb(report.simulator.editorBytes)} more (CodeMirror and the workbench), on demand`,
  );
  console.warn(
    `a sketch made with blocks loads ${kb(report.blocks.bytes)} on demand (budget ${kb(BUDGETS.blocksOnDemandBytes)})`,
  );
  console.warn(`CSS: ${kb(report.cssBytes)} gzip (budget ${kb(BUDGETS.cssBytes)})`);
  for (const [route, bytes] of Object.entries(report.criticalCss)) {
    console.warn(`critical CSS inlined in ${route}: ${kb(bytes)} gzip (budget ${kb(BUDGETS.criticalCssBytes)})`);
  }
}
