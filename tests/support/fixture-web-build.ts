import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PAGE_MANIFEST_FILE, type PageManifest } from '#shared/page-manifest.ts';

interface FixtureWebBuild {
  /** The folder the server serves (`build/client` in a real build). */
  readonly webRoot: string;
  /** Every file inside the web root, by its URL path, with its content. */
  readonly servedFiles: ReadonlyMap<string, string>;
  /**
   * Text that exists only in files the server must never send: files beside and above the web
   * root, a dotfile inside it, and well-known system files.
   */
  readonly secretMarkers: readonly string[];
  remove(): void;
}

/**
 * A small build of the shape `npm run build` leaves (prerendered pages, a page manifest, hashed
 * assets with precompressed copies), wrapped in folders that hold secrets, so a test can prove
 * that nothing outside the web root is ever served.
 */
export function writeFixtureWebBuild(): FixtureWebBuild {
  const top = mkdtempSync(path.join(tmpdir(), 'roboforge-web-'));
  const buildDir = path.join(top, 'build');
  const client = path.join(buildDir, 'client');
  const marker = (where: string) => `SECRET-${where}-${randomBytes(6).toString('hex')}`;
  const outside = { build: marker('build-dir'), top: marker('above-build'), dotfile: marker('dotfile') };

  const servedFiles = new Map<string, string>([
    ['/assets/app-abc123.js', 'console.log("app")'.repeat(50)],
    // A Web Worker's script, named as Vite names it.
    ['/assets/simulator.worker-abc123.js', 'addEventListener("message",()=>{});'],
    ['/assets/style-def456.css', 'body{color:#111}'],
    ['/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['/sw.js', 'self.addEventListener("fetch",()=>{});'.repeat(20)],
    ['/manifest.webmanifest', '{"name":"RoboForge"}'],
    // A tutorial's program (Intel HEX), precompressed as the build does.
    ['/sketches/demo-robot.hex', ':100000000C945C000C946E000C946E000C946E00CA\r\n'.repeat(40)],
  ]);
  mkdirSync(path.join(client, 'about'), { recursive: true });
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  mkdirSync(path.join(client, 'sketches'), { recursive: true });
  for (const [urlPath, content] of servedFiles) writeFileSync(path.join(client, urlPath), content);
  writeFileSync(
    path.join(client, 'assets', 'app-abc123.js.gz'),
    gzipSync(servedFiles.get('/assets/app-abc123.js') ?? ''),
  );
  writeFileSync(path.join(client, 'sw.js.gz'), gzipSync(servedFiles.get('/sw.js') ?? ''));
  writeFileSync(
    path.join(client, 'sketches', 'demo-robot.hex.br'),
    brotliCompressSync(servedFiles.get('/sketches/demo-robot.hex') ?? ''),
  );
  writeFileSync(path.join(client, 'index.html'), '<!doctype html><title>home</title><script>boot()</script>');
  writeFileSync(path.join(client, 'about', 'index.html'), '<!doctype html><title>about</title>');
  writeFileSync(path.join(client, '__spa-fallback.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(client, '.env'), outside.dotfile);
  writeFileSync(path.join(buildDir, 'secret.txt'), outside.build);
  writeFileSync(path.join(buildDir, 'package.json'), outside.build);
  writeFileSync(path.join(top, 'secret.txt'), outside.top);
  writeFileSync(path.join(top, 'package.json'), outside.top);
  const manifest: PageManifest = {
    pages: {
      '/': { file: 'index.html', scriptHashes: ['sha256-abc='] },
      '/about': { file: 'about/index.html', scriptHashes: [] },
    },
    fallback: { file: '__spa-fallback.html', scriptHashes: ['sha256-def='] },
  };
  writeFileSync(path.join(buildDir, PAGE_MANIFEST_FILE), JSON.stringify(manifest));

  return {
    webRoot: client,
    servedFiles,
    secretMarkers: [
      ...Object.values(outside),
      // The page manifest lives beside the web root, not in it.
      '"scriptHashes"',
      // /etc/passwd and the repository's own package.json.
      'root:x:0:0',
      '"name": "roboforge"',
    ],
    remove: () => rmSync(top, { recursive: true, force: true }),
  };
}
