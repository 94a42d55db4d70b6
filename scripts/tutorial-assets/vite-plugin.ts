import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { findProjectBySlug } from '../../src/shared/content/projects.ts';
import { TUTORIALS } from '../../src/shared/content/tutorials.ts';
import { highlightSketch } from './highlight-sketch.ts';
import { renderWiringSvg } from './render-wiring.ts';

const INDEX_ID = 'virtual:tutorial-assets';
const TUTORIAL_ID = `${INDEX_ID}/`;
export const SKETCHES_DIR = path.resolve(import.meta.dirname, '../../src/shared/content/sketches');
/** Where the built site serves each sketch for download. */
export const SKETCH_URL_PREFIX = '/sketches/';

export function sketchFileOf(slug: string): string {
  return path.join(SKETCHES_DIR, `${slug}.ino`);
}

/** Everything the tutorial page shows of one tutorial that is worth rendering at build time. */
export function buildTutorialAssets(slug: string) {
  const tutorial = TUTORIALS.find((t) => t.slug === slug);
  const project = findProjectBySlug(slug);
  if (!tutorial || !project) throw new Error(`No tutorial has the slug ${slug}`);
  const source = readFileSync(sketchFileOf(slug), 'utf8');
  return {
    wiringSvg: renderWiringSvg(tutorial.parts, tutorial.wires, project.title),
    codeLines: highlightSketch(source),
    source,
    sketchUrl: `${SKETCH_URL_PREFIX}${slug}.ino`,
    sketchFile: `${slug}.ino`,
  };
}

/**
 * `virtual:tutorial-assets`: for each tutorial, a chunk with its wiring diagram (SVG) and its
 * sketch highlighted line by line, made at build time so the browser loads neither a highlighter
 * nor layout code; the sketches themselves are copied to `/sketches/<slug>.ino` for download.
 */
export function tutorialAssetsPlugin(): Plugin {
  return {
    name: 'roboforge-tutorial-assets',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(TUTORIAL_ID)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === `\0${INDEX_ID}`) {
        const loaders = TUTORIALS.map(
          ({ slug }) =>
            `${JSON.stringify(slug)}: () => import(${JSON.stringify(TUTORIAL_ID + slug)}).then((m) => m.default)`,
        );
        return `export const tutorialAssets = {\n${loaders.join(',\n')}\n};\n`;
      }
      if (id.startsWith(`\0${TUTORIAL_ID}`)) {
        const slug = id.slice(TUTORIAL_ID.length + 1);
        this.addWatchFile(sketchFileOf(slug));
        return `export default ${JSON.stringify(buildTutorialAssets(slug))};\n`;
      }
      return undefined;
    },
    generateBundle() {
      // Only the browser's build is deployed; the prerender build needs no copies.
      if (this.environment.name !== 'client') return;
      for (const { slug } of TUTORIALS) {
        this.emitFile({
          type: 'asset',
          fileName: `${SKETCH_URL_PREFIX.slice(1)}${slug}.ino`,
          source: readFileSync(sketchFileOf(slug), 'utf8'),
        });
      }
    },
    configureServer(server) {
      // `npm run dev`: serve the sketches the build would copy.
      server.middlewares.use((request, response, next) => {
        const match = /^\/sketches\/([a-z0-9-]+)\.ino$/.exec(request.url ?? '');
        const slug = match?.[1];
        if (!slug || !TUTORIALS.some((t) => t.slug === slug)) return next();
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        response.end(readFileSync(sketchFileOf(slug)));
      });
    },
  };
}
