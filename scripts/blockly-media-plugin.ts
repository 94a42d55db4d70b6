import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * Blockly's pictures (its zoom and trash icons, cursors, the dropdown arrow) come from a folder it
 * is told of (`media`), by default on static.blockly.com, which the site's CSP refuses (img-src
 * 'self') and a school's network may too. The build copies them from the package to
 * `/blockly-media/`; `npm run dev` serves them from there. Its sounds stay out (the blocks are silent).
 */

export const BLOCKLY_MEDIA_PREFIX = '/blockly-media/';
const MEDIA_DIR = path.resolve(import.meta.dirname, '..', 'node_modules', 'blockly', 'media');
const TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.png': 'image/png',
  '.cur': 'image/x-icon',
};

const mediaFiles = () => readdirSync(MEDIA_DIR).filter((name) => path.extname(name) in TYPES);

export function blocklyMediaPlugin(): Plugin {
  return {
    name: 'roboforge:blockly-media',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const name of mediaFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `${BLOCKLY_MEDIA_PREFIX.slice(1)}${name}`,
          source: readFileSync(path.join(MEDIA_DIR, name)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? '';
        const name = url.startsWith(BLOCKLY_MEDIA_PREFIX) ? url.slice(BLOCKLY_MEDIA_PREFIX.length) : '';
        if (!mediaFiles().includes(name)) return next();
        response.setHeader('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream');
        response.end(readFileSync(path.join(MEDIA_DIR, name)));
      });
    },
  };
}
