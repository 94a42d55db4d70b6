import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterFirstPaint } from './after-paint.ts';
import { withoutDeferrableRules, withoutUnusedCustomProperties } from './critical-css.ts';
import { displayText, unicodeRange, withoutChars } from './display-font.ts';
import {
  AFTER_PAINT_LOADER,
  BOOTSTRAP_LOADER,
  deferHeadLinks,
  deferStylesheets,
  inlineScriptHashes,
  postbuild,
  rewriteBootstrap,
  STYLESHEET_LOADER,
  withFontPreload,
  withOneAfterPaintScript,
  withoutModulePreloads,
} from './postbuild.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of inline scripts and skips external ones', () => {
    const html = `<head><script>a()</script><script src="/x.js"></script><script type="module">import "/y.js";\n</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/y.js";\n')]);
  });

  it('lists a repeated script once and ignores empty ones', () => {
    expect(inlineScriptHashes('<script>x</script><script>x</script><script></script>')).toEqual([sha('x')]);
  });
});

describe('withoutModulePreloads', () => {
  it('drops the modulepreload hints and keeps everything else', () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/x.css"/></head>';
    expect(withoutModulePreloads(html)).toBe('<head><link rel="stylesheet" href="/assets/x.css"/></head>');
  });
});

describe('first-paint rewrites', () => {
  it('keeps the stylesheet link where React hydrates it, disabled until after first paint', () => {
    const html =
      '<head><style>a{}</style><link rel="stylesheet" href="/assets/root-1.css"></head><body><p>x</p></body>';
    expect(deferStylesheets(html)).toBe(
      `<head><style>a{}</style><link rel="stylesheet" href="/assets/root-1.css" disabled data-after-paint></head><body><p>x</p><script>${STYLESHEET_LOADER}</script></body>`,
    );
    expect(deferStylesheets('<head></head><body></body>')).toBe('<head></head><body></body>');
  });

  const bootstrap = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-1.js");</script>`;

  it('makes the module bootstrap wait for the full stylesheet and start after first paint', () => {
    const html = rewriteBootstrap(`<body>${bootstrap}</body>`, { afterPaint: true, waitForCss: true });
    const inert = /<script type="text\/plain" id="app-bootstrap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(inert).toContain('import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";');
    expect(inert).toMatch(
      /await Promise\.all\(\[\.\.\.document\.querySelectorAll\("link\[data-after-paint\]"\)\][\s\S]*\nimport\("\/assets\/entry\.client-1\.js"\);$/,
    );
    expect(html).toContain(`<script>${BOOTSTRAP_LOADER}</script>`);
    expect(html).not.toContain('<script type="module"');
  });

  it('merges the stylesheet and bootstrap loaders into one script where the bootstrap was', () => {
    const page = deferStylesheets(
      `<head><link rel="stylesheet" href="/assets/root-1.css"></head><body><p>x</p>${bootstrap}</body>`,
    );
    const html = withOneAfterPaintScript(rewriteBootstrap(page, { afterPaint: true, waitForCss: true }));
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toMatch(/id="app-bootstrap">[^<]*<\/script><script>[^<]*<\/script><\/body>$/);
    expect(html).toContain(`<script>${AFTER_PAINT_LOADER}</script></body>`);
    expect(AFTER_PAINT_LOADER).toContain(
      'l.disabled=false});q("link[data-href]",function(l){l.href=l.dataset.href});var s=document.createElement("script")',
    );
    // Without both, nothing to merge.
    expect(withOneAfterPaintScript(page)).toBe(page);
  });

  it('leaves the bootstrap a module script when only waiting for the stylesheet, and fails loudly on unknown markup', () => {
    const html = rewriteBootstrap(`<body>${bootstrap}</body>`, { afterPaint: false, waitForCss: true });
    expect(html).toContain('<script type="module" async="">import "/assets/manifest-1.js";');
    expect(() => rewriteBootstrap('<body><script>x</script></body>', { afterPaint: true, waitForCss: false })).toThrow(
      /bootstrap not found/,
    );
  });

  it('can import the manifest and route modules dynamically, together, so each graph is evaluated on its own', () => {
    const two = bootstrap.replace(
      'import * as route0 from "/assets/root-1.js";\n',
      'import * as route0 from "/assets/root-1.js";\nimport * as route1 from "/assets/home-1.js";\n',
    );
    const html = rewriteBootstrap(`<body>${two}</body>`, { afterPaint: true, waitForCss: true, splitEvaluation: true });
    const inert = /<script type="text\/plain" id="app-bootstrap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(
      inert.startsWith(
        'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-1.js"), import("/assets/home-1.js")]);\n',
      ),
    ).toBe(true);
    expect(inert).not.toMatch(/^import /m);
    expect(inert).toContain('window.__reactRouterRouteModules = {"root":route0};');
    expect(inert).toMatch(/\nimport\("\/assets\/entry\.client-1\.js"\);$/);
  });

  it('holds the favicon and manifest links back until first paint, the icon on an empty data: image', () => {
    const head =
      '<head><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest"><link rel="stylesheet" href="/a.css"></head>';
    expect(deferHeadLinks(head)).toBe(
      '<head><link rel="icon" href="data:," data-href="/favicon.svg" type="image/svg+xml"><link rel="manifest" data-href="/manifest.webmanifest"><link rel="stylesheet" href="/a.css"></head>',
    );
    expect(STYLESHEET_LOADER).toContain('q("link[data-href]",function(l){l.href=l.dataset.href})');
  });

  it('waits for the first contentful paint before running deferred work', () => {
    const code = afterFirstPaint('go()');
    expect(code).toContain('first-contentful-paint');
    expect(code).toContain('setTimeout(function(){go()})');
    expect(STYLESHEET_LOADER).toContain('l.disabled=false');
  });

  it('puts a font preload before the first script of <head>', () => {
    expect(withFontPreload('<head><meta charset="utf-8"><script>boot()</script></head>', '/assets/f.woff2')).toBe(
      '<head><meta charset="utf-8"><link rel="preload" href="/assets/f.woff2" as="font" type="font/woff2" crossorigin="anonymous"><script>boot()</script></head>',
    );
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

describe('postbuild on a small build', () => {
  let dir = '';
  const page = (body: string) =>
    '<!DOCTYPE html><html lang="en" class="dark"><head><meta charSet="utf-8"/>' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="manifest" href="/manifest.webmanifest"/>' +
    '<script>try{var d=document.documentElement}catch(e){}</script><link rel="modulepreload" href="/assets/entry.client-1.js"/>' +
    '<link rel="stylesheet" href="/assets/root-1.css"/></head><body>' +
    body +
    '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");</script></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'postbuild-test-'));
    const client = path.join(dir, 'client');
    mkdirSync(path.join(client, 'assets'), { recursive: true });
    mkdirSync(path.join(client, 'about'));
    writeFileSync(
      path.join(client, 'assets', 'root-1.css'),
      ':root{--used:#123;--unused:#456}.title{color:var(--used);font-family:"Space Grotesk Variable"}.never-used{color:red}' +
        '@font-face{font-family:"Space Grotesk Variable";src:url(/assets/space-grotesk-latin-wght-normal-1.woff2) format("woff2")}',
    );
    writeFileSync(path.join(client, 'assets', 'space-grotesk-latin-wght-normal-1.woff2'), 'not a font');
    writeFileSync(path.join(client, 'index.html'), page('<h1 class="title font-display font-bold">Hello</h1>'));
    writeFileSync(path.join(client, 'about', 'index.html'), page('<h1 class="title font-bold">About</h1>'));
    writeFileSync(path.join(client, '__spa-fallback.html'), page('<p>Loading</p>'));
    await postbuild(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('inlines the rules the page uses, trimmed, and defers the stylesheet', () => {
    const html = readFileSync(path.join(dir, 'client', 'index.html'), 'utf8');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('.title{color:var(--used)');
    expect(style).toContain('--used:#123');
    expect(style).not.toContain('--unused');
    expect(style).not.toContain('never-used');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-1.css" disabled data-after-paint>');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('data-beasties-container');
    expect(html).toContain('<link rel="icon" href="data:," data-href="/favicon.svg" type="image/svg+xml"');
    expect(html).toContain('<link rel="manifest" data-href="/manifest.webmanifest"');
  });

  it("puts the page's own subset of the display face in the page, with the rest after paint", () => {
    const html = readFileSync(path.join(dir, 'client', 'index.html'), 'utf8');
    expect(html).toMatch(
      /<script>try\{var n="Space Grotesk Variable",w="300 700",f=document\.fonts;f\.add\(new FontFace\(n,Uint8Array\.from\(atob\("[A-Za-z0-9+/=]{200,}"\)/,
    );
    expect(html).toMatch(/url\(\/assets\/space-grotesk-subset-[\w-]+\.woff2\)/);
    expect(html).not.toContain('rel="preload"');
  });

  it('keeps the 404 shell render-blocking: the app fills it in after loading', () => {
    const html = readFileSync(path.join(dir, 'client', '__spa-fallback.html'), 'utf8');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-1.css"/>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');
    expect(html).toContain('id="app-bootstrap"');
  });

  it('hashes the inline scripts of the pages as rewritten, and compresses them', () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'page-manifest.json'), 'utf8'));
    for (const [route, file] of [
      ['/', 'index.html'],
      ['/about', 'about/index.html'],
    ] as const) {
      const html = readFileSync(path.join(dir, 'client', file), 'utf8');
      expect(manifest.pages[route].scriptHashes).toEqual(inlineScriptHashes(html));
      expect(manifest.pages[route].scriptHashes).toContain(sha(AFTER_PAINT_LOADER));
      expect(manifest.pages[route].scriptHashes).not.toContain(sha(STYLESHEET_LOADER));
      expect(existsSync(path.join(dir, 'client', `${file}.br`))).toBe(true);
    }
  });
});
