import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DomUtils } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { PAGE_MANIFEST_FILE, pageManifestSchema } from '../src/shared/page-manifest.ts';
import { meta as notFoundMeta } from '../src/web/app/routes/not-found.tsx';
import { withoutDeferrableRules, withoutUnusedCustomProperties } from './critical-css.ts';
import { displayText, unicodeRange, withoutChars } from './display-font.ts';
import {
  AFTER_PAINT_SCRIPT,
  type BuiltPage,
  elements,
  expectHeadLinksAfterPaint,
  type HtmlElement,
  inlineScriptHashes,
  readPage,
  startAppAfterPaint,
  withoutModulePreloads,
} from './postbuild.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

// The production build as `npm run build` leaves it (`npm test` builds before the tests run).
const BUILD_DIR = path.resolve(import.meta.dirname, '..', 'build');
const CLIENT_DIR = path.join(BUILD_DIR, 'client');
const MANIFEST_FILE = path.join(BUILD_DIR, PAGE_MANIFEST_FILE);
const manifest = existsSync(MANIFEST_FILE)
  ? pageManifestSchema.parse(JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')))
  : null;
/** Every prerendered page and the 404 shell, with the CSP hashes the server sends for it. */
const built = manifest ? [...Object.values(manifest.pages), manifest.fallback] : [];
const pages = () => built.map((entry) => ({ ...entry, page: readPage(CLIENT_DIR, entry.file) }));

const text = (element?: HtmlElement | null) => (element ? DomUtils.textContent(element) : '');
const all = (page: BuiltPage, name: string) => elements(page, (e) => e.name === name);
const links = (page: BuiltPage, rel: string) => elements(page, (e) => e.name === 'link' && e.attribs.rel === rel);

describe('the first-paint pass, on the production build', () => {
  it('has a build to read, with every prerendered page and the 404 shell', () => {
    expect(manifest, 'run `npm run build` first (npm test does)').not.toBeNull();
    expect(Object.keys(manifest?.pages ?? {})).toEqual(
      expect.arrayContaining(['/', '/about', '/projects/line-following-robot']),
    );
    expect(manifest?.fallback.file).toBe('__spa-fallback.html');
  });

  it("titles every page; the 404 shell as the not-found route's meta does, so nothing changes when the app loads", () => {
    for (const { file, page } of pages()) {
      expect(text(all(page, 'title')[0]).trim(), file).not.toBe('');
      expect(all(page, 'title'), file).toHaveLength(1);
    }
    const [titleTag] = notFoundMeta();
    expect(titleTag).toEqual({ title: 'Page not found · RoboForge' });
    expect(text(all(readPage(CLIENT_DIR, '__spa-fallback.html'), 'title')[0])).toBe(titleTag?.title);
  });

  it('has no modulepreload hint left, and fails naming the page when there is none to remove', () => {
    for (const { file, page } of pages()) expect(links(page, 'modulepreload'), file).toEqual([]);
    expect(() => withoutModulePreloads(readPage(CLIENT_DIR, 'about/index.html'))).toThrow(
      /^about\/index\.html: no <link rel="modulepreload"> to remove/,
    );
  });

  it('inlines critical CSS and links the stylesheet after first paint; the 404 shell keeps it render-blocking', () => {
    for (const { file, page } of pages()) {
      const [stylesheet, ...more] = links(page, 'stylesheet');
      expect(more, file).toEqual([]);
      const href = stylesheet?.attribs[file === '__spa-fallback.html' ? 'href' : 'data-href'] ?? '';
      expect(href, file).toMatch(/^\/assets\/[\w-]+\.css$/);
      expect(existsSync(path.join(CLIENT_DIR, href)), `${file}: ${href}`).toBe(true);
      if (file === '__spa-fallback.html') {
        expect(all(page, 'style'), file).toEqual([]);
        continue;
      }
      expect(stylesheet?.attribs.href, file).toBeUndefined();
      const css = text(all(page, 'style')[0]);
      expect(css.length, file).toBeGreaterThan(5000);
      expect(css, file).toContain('.font-display{');
      expect(css, file).not.toMatch(/:hover\b|@media print/);
      expect(
        page.document.children.some((node) => 'attribs' in node && 'data-beasties-container' in node.attribs),
      ).toBe(false);
    }
  });

  it('keeps the favicon and manifest in data-href until first paint, and fails when a page links them before', () => {
    for (const { file, page } of pages()) {
      expect(
        links(page, 'icon').map((l) => l.attribs),
        file,
      ).toEqual([{ rel: 'icon', type: 'image/svg+xml', href: 'data:,', 'data-href': '/favicon.svg' }]);
      expect(
        links(page, 'manifest').map((l) => l.attribs),
        file,
      ).toEqual([{ rel: 'manifest', 'data-href': '/manifest.webmanifest' }]);
    }
    const about = readPage(CLIENT_DIR, 'about/index.html');
    const [icon] = links(about, 'icon');
    if (icon) icon.attribs.href = '/favicon.svg';
    expect(() => expectHeadLinksAfterPaint(about)).toThrow(
      /^about\/index\.html: <link rel="icon"> is linked before first paint/,
    );
  });

  it("puts each page's own subset of the display face in its <head>, the site subset after paint", () => {
    for (const { file, page } of pages()) {
      const [head] = elements(page, (e) => e.name === 'head');
      const font = text(elements(page, (e) => e.name === 'script' && e.parent === head).at(-1));
      expect(font, file).toMatch(/^try\{var n="Space Grotesk Variable".*atob\("[A-Za-z0-9+/=]{200,}"\)/);
      const site = /url\((\/assets\/space-grotesk-subset-[\w-]+\.woff2)\)/.exec(font)?.[1] ?? '';
      expect(existsSync(path.join(CLIENT_DIR, site)), `${file}: ${site}`).toBe(true);
    }
  });

  it('starts the app after first paint: an inert bootstrap that waits for the stylesheet, then the one after-paint script', () => {
    for (const { file, page } of pages()) {
      expect(
        elements(page, (e) => e.name === 'script' && e.attribs.type === 'module'),
        file,
      ).toEqual([]);
      const [bootstrap, ...more] = elements(page, (e) => e.attribs.id === 'app-bootstrap');
      expect(more, file).toEqual([]);
      expect(bootstrap?.attribs, file).toEqual({ type: 'text/plain', id: 'app-bootstrap' });
      const body = text(bootstrap);
      expect(body, file).toMatch(/^import "\/assets\/manifest-[\w-]+\.js";\nimport \* as route0 from "\/assets\/root-/);
      expect(body, file).toMatch(
        /\nawait Promise\.all\(\[\.\.\.document\.querySelectorAll\("link\[rel=stylesheet\]"\)\][^\n]*\nimport\("\/assets\/entry\.client-[\w-]+\.js"\);$/,
      );
      for (const [, url] of body.matchAll(/"(\/assets\/[^"]+\.js)"/g)) {
        expect(existsSync(path.join(CLIENT_DIR, url ?? '')), `${file}: ${url}`).toBe(true);
      }
      const next = bootstrap ? DomUtils.nextElementSibling(bootstrap) : null;
      expect(next?.name, file).toBe('script');
      expect(text(next), file).toBe(AFTER_PAINT_SCRIPT);
    }
    expect(AFTER_PAINT_SCRIPT).toContain('first-contentful-paint');
    expect(AFTER_PAINT_SCRIPT).toContain('l.href=l.dataset.href');
    expect(() => startAppAfterPaint(readPage(CLIENT_DIR, 'index.html'))).toThrow(
      /^index\.html: expected one React Router module bootstrap .*, found 0/,
    );
  });

  it('records the sha256 of every inline script of each page as served, and precompresses the same bytes', () => {
    for (const { file, scriptHashes, page } of pages()) {
      const inline = elements(page, (e) => e.name === 'script' && !e.attribs.src).map((s) => sha(text(s)));
      expect(scriptHashes, file).toEqual([...new Set(inline)]);
      expect(scriptHashes, file).toContain(sha(AFTER_PAINT_SCRIPT));
      const html = readFileSync(path.join(CLIENT_DIR, file));
      expect(brotliDecompressSync(readFileSync(path.join(CLIENT_DIR, `${file}.br`))).equals(html), file).toBe(true);
      expect(gunzipSync(readFileSync(path.join(CLIENT_DIR, `${file}.gz`))).equals(html), file).toBe(true);
    }
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the exact text of inline scripts and skips external and empty ones, each once', () => {
    const html = `<head><script>a()</script><script src="/x.js"></script><script type="text/plain">import "/y.js";\n</script><script>a()</script><script></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/y.js";\n')]);
  });
});

describe('critical CSS trimming', () => {
  it('drops custom properties and @property rules nothing reads, transitively, and keeps the rest', () => {
    const css =
      '@property --tw-used{syntax:"*";inherits:false}@property --tw-unused{syntax:"*";inherits:false}' +
      ':root{--a:var(--b);--b:1px;--c:2px;--d:red;--svg:blue}.x{width:var(--a);--tw-used:1;--tw-unused:2;color:var(--tw-used)}@supports (color:lab(0% 0 0)){:root{--c:3px}}';
    const out = withoutUnusedCustomProperties(css, '<svg stroke="var(--svg, #000)"></svg>');
    expect(out).toBe(
      '@property --tw-used{syntax:"*";inherits:false}:root{--a:var(--b);--b:1px;--svg:blue}.x{width:var(--a);--tw-used:1;color:var(--tw-used)}',
    );
  });
});

describe('deferrable critical CSS', () => {
  it('drops print blocks and hover/active states, keeps focus and everything else', () => {
    const css =
      '.a{color:red}.b:hover{color:blue}.c:active,.d{color:green}@media (hover:hover){.e:hover{color:red}}' +
      '@media print{.f{display:none}}.g:focus-visible{outline:1px solid}@media (min-width:40rem){.h{display:flex}}';
    expect(withoutDeferrableRules(css)).toBe(
      '.a{color:red}.d{color:green}.g:focus-visible{outline:1px solid}@media (min-width:40rem){.h{display:flex}}',
    );
  });

  it('drops transitions, and a rule left empty by them', () => {
    const css =
      '.a{color:red;transition-property:color;transition-duration:.15s}.t{transition:opacity 1s}.u{--transition:1}';
    expect(withoutDeferrableRules(css)).toBe('.a{color:red}.u{--transition:1}');
  });
});

describe('display-font text', () => {
  it('collects the text of headings and font-display elements, and the weights they use', () => {
    const html =
      '<html><head><title>Ignored</title></head><body><h1 class="font-bold">Hi!</h1><p>body text</p>' +
      '<span class="font-display font-semibold sm:font-bold">Zé</span><h2>Q<span>r</span></h2><script>h1</script></body></html>';
    const own = displayText([html], { typed: false });
    expect(own.text).toBe(' !HQZiré');
    expect(own.weights).toEqual([400, 600, 700]);
    const site = displayText([html], { extraTexts: ['€'] }).text;
    expect(site.startsWith(' !"#$%')).toBe(true);
    expect(site.endsWith('xyz{|}~é€')).toBe(true);
  });

  it('writes unicode ranges and character differences', () => {
    expect(unicodeRange('cab ez')).toBe('U+20,U+61-63,U+65,U+7A');
    expect(withoutChars('abcdef', 'bdf')).toBe('ace');
  });
});
