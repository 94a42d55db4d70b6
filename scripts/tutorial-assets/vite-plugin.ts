import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { hexRecordSchema, type SketchBuild } from '../../src/shared/content/hex-record.ts';
import { findProjectBySlug } from '../../src/shared/content/projects.ts';
import { TRAINER_BOARD, TRAINER_BOARD_TITLE } from '../../src/shared/content/trainer-board.ts';
import { TRAINER_STARTERS } from '../../src/shared/content/trainer-starters/starters.ts';
import { TUTORIALS } from '../../src/shared/content/tutorials.ts';
import { videoAddress, videoQrPath } from '../../src/shared/content/video.ts';
import { highlightSketch } from './highlight-sketch.ts';
import { renderWiringSvg } from './render-wiring.ts';
import { stepCrops } from './step-crops.ts';
import { qrSvg } from './video-qr.ts';

const INDEX_ID = 'virtual:tutorial-assets';
const TUTORIAL_ID = `${INDEX_ID}/`;
const TRAINER_ID = 'virtual:trainer-board-assets';
const DIAGRAMS_ID = 'virtual:circuit-diagrams';
const DIAGRAM_ID = `${DIAGRAMS_ID}/`;
const CROPS_ID = 'virtual:step-crops';
/** The trainer board's circuit name (src/shared/constants.ts' TRAINER_CIRCUIT). */
const TRAINER_CIRCUIT = 'trainer';
export const STARTERS_DIR = path.resolve(import.meta.dirname, '../../src/shared/content/trainer-starters');
export const SKETCHES_DIR = path.resolve(import.meta.dirname, '../../src/shared/content/sketches');
/** Where the built site serves each sketch for download. */
export const SKETCH_URL_PREFIX = '/sketches/';

export function sketchFileOf(slug: string): string {
  return path.join(SKETCHES_DIR, `${slug}.ino`);
}

/** The program as the chip runs it, built by `npm run sketches` and committed beside the sketch. */
export function hexFileOf(slug: string): string {
  return path.join(SKETCHES_DIR, `${slug}.hex`);
}

export const HEX_RECORD_FILE = path.join(SKETCHES_DIR, 'hex-record.json');

/** The record's entry for a sketch, read afresh (in `npm run dev` it changes under the server). */
export function recordedBuildOf(slug: string): SketchBuild {
  const record = hexRecordSchema.parse(JSON.parse(readFileSync(HEX_RECORD_FILE, 'utf8')));
  const build = record.sketches[slug];
  if (!build) throw new Error(`${HEX_RECORD_FILE} has no build of ${slug}: run npm run sketches`);
  return build;
}

/** The files served below SKETCH_URL_PREFIX: each sketch and its program, both plain text. */
function sketchDownloads(): { fileName: string; file: string }[] {
  return TUTORIALS.flatMap(({ slug }) => [
    { fileName: `${slug}.ino`, file: sketchFileOf(slug) },
    { fileName: `${slug}.hex`, file: hexFileOf(slug) },
  ]);
}

/** The QR code of each tutorial's video, as the files served at `videoQrPath(slug)`, for paper. */
function videoQrCodes(): { fileName: string; source: string }[] {
  return TUTORIALS.map(({ slug }) => {
    const project = findProjectBySlug(slug);
    if (!project) throw new Error(`No project has the slug ${slug}`);
    const { youtubeId, title } = project.video;
    return { fileName: videoQrPath(slug).slice(1), source: qrSvg(videoAddress(youtubeId), `QR code of ${title}`) };
  });
}

/** Everything the tutorial page shows of one tutorial that is worth rendering at build time. */
export function buildTutorialAssets(slug: string) {
  const tutorial = TUTORIALS.find((t) => t.slug === slug);
  const project = findProjectBySlug(slug);
  if (!tutorial || !project) throw new Error(`No tutorial has the slug ${slug}`);
  const source = readFileSync(sketchFileOf(slug), 'utf8');
  const build = recordedBuildOf(slug);
  return {
    wiringSvg: renderWiringSvg(tutorial.parts, tutorial.wires, project.title),
    // The text itself is read back from these lines in the browser (sketchSource): not sent twice.
    codeLines: highlightSketch(source),
    sketchUrl: `${SKETCH_URL_PREFIX}${slug}.ino`,
    sketchFile: `${slug}.ino`,
    hexUrl: `${SKETCH_URL_PREFIX}${slug}.hex`,
    hexFile: `${slug}.hex`,
    flashBytes: build.flashBytes,
  };
}

/**
 * What the playground shows of the trainer board, rendered at build time as a tutorial's is: its
 * wiring diagram, and each starter sketch with its text and its lines highlighted.
 */
export function buildTrainerBoardAssets() {
  return {
    wiringSvg: renderWiringSvg(TRAINER_BOARD.parts, TRAINER_BOARD.wires, TRAINER_BOARD_TITLE),
    starters: TRAINER_STARTERS.map((starter) => {
      const source = readFileSync(path.join(STARTERS_DIR, starter.file), 'utf8');
      return { ...starter, source, codeLines: highlightSketch(source) };
    }),
  };
}

/** The wiring diagram of a circuit a learner's own sketch runs on: the trainer board or a tutorial's. */
function circuitDiagramSvg(circuit: string): string {
  if (circuit === TRAINER_CIRCUIT) return buildTrainerBoardAssets().wiringSvg;
  const tutorial = TUTORIALS.find((t) => t.slug === circuit);
  const project = findProjectBySlug(circuit);
  if (!tutorial || !project) throw new Error(`No circuit ${circuit}`);
  return renderWiringSvg(tutorial.parts, tutorial.wires, project.title);
}

/**
 * `virtual:tutorial-assets`: for each tutorial, a chunk with its wiring diagram (SVG) and its
 * sketch highlighted line by line, made at build time so the browser loads neither a highlighter
 * nor layout code; the sketches themselves are copied to `/sketches/<slug>.ino`, and the programs
 * built from them (`npm run sketches`) to `/sketches/<slug>.hex`, for download and the simulator;
 * the QR code of each tutorial's video goes to `/qr/<slug>.svg`, for paper.
 * `virtual:trainer-board-assets`: the same for the playground's trainer board, in one chunk.
 * `virtual:circuit-diagrams`: each circuit's wiring diagram alone, a chunk each, for the playground's
 * sketches; apart from the tutorial pages' chunks, so the playground adds nothing to those pages.
 * `virtual:step-crops`: the size of each tutorial step's cropped drawing (step-crops.ts), which the
 * steps hold while the diagram loads; with the steps' data.
 */
export function tutorialAssetsPlugin(): Plugin {
  return {
    name: 'roboforge-tutorial-assets',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(TUTORIAL_ID) || id === TRAINER_ID) return `\0${id}`;
      if (id === DIAGRAMS_ID || id.startsWith(DIAGRAM_ID) || id === CROPS_ID) return `\0${id}`;
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
      if (id === `\0${DIAGRAMS_ID}`) {
        const loaders = [TRAINER_CIRCUIT, ...TUTORIALS.map(({ slug }) => slug)].map(
          (circuit) =>
            `${JSON.stringify(circuit)}: () => import(${JSON.stringify(DIAGRAM_ID + circuit)}).then((m) => m.default)`,
        );
        return `export const circuitDiagrams = {\n${loaders.join(',\n')}\n};\n`;
      }
      if (id === `\0${CROPS_ID}`) {
        const crops = Object.fromEntries(
          TUTORIALS.map(({ slug }) => [
            slug,
            stepCrops(circuitDiagramSvg(slug), findProjectBySlug(slug)?.steps.length ?? 0),
          ]),
        );
        return `export const stepCrops = ${JSON.stringify(crops)};\n`;
      }
      if (id.startsWith(`\0${DIAGRAM_ID}`)) {
        return `export default ${JSON.stringify(circuitDiagramSvg(id.slice(DIAGRAM_ID.length + 1)))};\n`;
      }
      if (id === `\0${TRAINER_ID}`) {
        for (const { file } of TRAINER_STARTERS) this.addWatchFile(path.join(STARTERS_DIR, file));
        return `export default ${JSON.stringify(buildTrainerBoardAssets())};\n`;
      }
      if (id.startsWith(`\0${TUTORIAL_ID}`)) {
        const slug = id.slice(TUTORIAL_ID.length + 1);
        this.addWatchFile(sketchFileOf(slug));
        this.addWatchFile(HEX_RECORD_FILE);
        return `export default ${JSON.stringify(buildTutorialAssets(slug))};\n`;
      }
      return undefined;
    },
    generateBundle() {
      // Only the browser's build is deployed; the prerender build needs no copies.
      if (this.environment.name !== 'client') return;
      for (const { fileName, file } of sketchDownloads()) {
        this.emitFile({
          type: 'asset',
          fileName: `${SKETCH_URL_PREFIX.slice(1)}${fileName}`,
          source: readFileSync(file),
        });
      }
      for (const { fileName, source } of videoQrCodes()) {
        this.emitFile({ type: 'asset', fileName, source });
      }
      // The build needs no AVR toolchain; a .hex left behind by its sketch is the tests' to refuse, and said here.
      for (const { slug } of TUTORIALS) {
        const source = readFileSync(sketchFileOf(slug));
        if (createHash('sha256').update(source).digest('hex') !== recordedBuildOf(slug).inoSha256) {
          this.warn(`${slug}.hex is out of date: run npm run sketches`);
        }
      }
    },
    configureServer(server) {
      // `npm run dev`: serve the sketches and programs the build would copy.
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? '';
        const qr = videoQrCodes().find(({ fileName }) => url === `/${fileName}`);
        if (qr) {
          response.setHeader('content-type', 'image/svg+xml');
          response.end(qr.source);
          return;
        }
        const download = sketchDownloads().find(({ fileName }) => url === `${SKETCH_URL_PREFIX}${fileName}`);
        if (!download) return next();
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        response.end(readFileSync(download.file));
      });
    },
  };
}
