/**
 * The static limit of a page: its prerendered HTML with no script at all, no stylesheet link and no
 * web font; content, images and inline CSS stay. What a page could score if it did nothing but show.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PAGE_MANIFEST_FILE, type PageManifest } from '#shared/page-manifest.ts';
import { inlineScriptHashes } from '../scripts/postbuild.ts';

export function staticPage(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="stylesheet"[^>]*>/g, '')
    .replace(/<link rel="preload" href="[^"]*\.woff2"[^>]*>/g, '')
    .replace(/@font-face\{[^}]*\}/g, '');
}

/** Rewrites every prerendered page of a copied build (and its compressed twins) to its static limit. */
export function makeStatic(buildDir: string): void {
  const manifestFile = path.join(buildDir, PAGE_MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PageManifest;
  for (const entry of [...Object.values(manifest.pages), manifest.fallback]) {
    const file = path.join(buildDir, 'client', entry.file);
    const html = staticPage(readFileSync(file, 'utf8'));
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    entry.scriptHashes = inlineScriptHashes(html);
  }
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}
