/**
 * Runs after `react-router build`: records the sha256 of every inline script of each prerendered
 * page (the server sends them in that page's Content-Security-Policy, so no 'unsafe-inline' is
 * needed) and writes brotli and gzip copies of every compressible file, so the server never
 * compresses at request time.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PAGE_MANIFEST_FILE, type PageEntry, type PageManifest } from '../src/shared/page-manifest.ts';

const BUILD_DIR = path.resolve(import.meta.dirname, '..', 'build');
const CLIENT_DIR = path.join(BUILD_DIR, 'client');
const FALLBACK_FILE = '__spa-fallback.html';
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

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

function main() {
  const files = listFiles(CLIENT_DIR);
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) rmSync(file);
  }

  const pages: Record<string, PageEntry> = {};
  let fallback: PageEntry | undefined;
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const relative = path.relative(CLIENT_DIR, file);
    const html = withoutModulePreloads(readFileSync(file, 'utf8'));
    writeFileSync(file, html);
    const entry = { file: relative, scriptHashes: inlineScriptHashes(html) };
    if (relative === FALLBACK_FILE) fallback = entry;
    else if (path.basename(relative) === 'index.html') pages[routeOf(relative)] = entry;
  }
  if (!fallback) throw new Error(`${FALLBACK_FILE} is missing from ${CLIENT_DIR}`);
  const manifest: PageManifest = { pages, fallback };
  writeFileSync(path.join(BUILD_DIR, PAGE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

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
  console.warn(`postbuild: ${Object.keys(pages).length} pages + 404 shell hashed; ${compressed} files precompressed`);
}

if (import.meta.main) main();
