import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '#test/settings.ts';
import {
  buildCoreArchive,
  buildSketch,
  COMPILED_AT,
  HEX_RECORD_FILE,
  hexFileOf,
  SKETCHES_DIR,
  toolchainOf,
  toolchainProblem,
  toolchainVersions,
} from '../../../scripts/sketches/build-hex.ts';
import { type HexRecord, hexRecordSchema } from './hex-record.ts';
import { type Board, PROJECTS } from './projects.ts';

// Builds every tutorial sketch with the real AVR toolchain, for the board its project names, exactly as
// `npm run sketches` does (the same code): the sketch compiled with -Wall -Werror (undefined names, type
// errors and warnings all fail, as they would in the Arduino IDE), linked with the Arduino core into an
// Intel HEX file that must be, byte for byte, the one committed beside the sketch (docs/tutorials.md).

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const TOOLCHAIN = toolchainOf({ compiler: testSettings.avrCompiler, core: testSettings.arduinoAvrCore });
const repositoryPath = (file: string) => path.relative(ROOT, file);
const outOfDate = (file: string, why = '') =>
  `${repositoryPath(file)} is out of date: run npm run sketches${why ? ` (${why})` : ''}`;

/** The committed record as it is on disk now (the module's copy was read when the test started). */
async function committedRecord(): Promise<HexRecord> {
  const parsed = hexRecordSchema.safeParse(JSON.parse(await readFile(HEX_RECORD_FILE, 'utf8')));
  if (!parsed.success) throw new Error(outOfDate(HEX_RECORD_FILE, 'it does not match hex-record.ts'));
  return parsed.data;
}

describe('tutorial sketches and the .hex files built from them', () => {
  let problem: string | undefined;
  let workDir = '';
  const archives = new Map<Board, Promise<string>>();
  /** Each board's core, built once, by the first sketch that needs it. */
  const archiveFor = (board: Board) => {
    const archive = archives.get(board) ?? buildCoreArchive(TOOLCHAIN, board, workDir);
    archives.set(board, archive);
    return archive;
  };

  beforeAll(async () => {
    problem = await toolchainProblem(TOOLCHAIN);
    workDir = await mkdtemp(path.join(tmpdir(), 'roboforge-sketches-'));
  });

  afterAll(async () => {
    await Promise.allSettled(archives.values());
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('has exactly one sketch and one .hex per project', async () => {
    const files = await readdir(SKETCHES_DIR);
    const slugs = PROJECTS.map((p) => p.slug).sort();
    expect(files.filter((name) => name.endsWith('.ino')).sort()).toEqual(slugs.map((slug) => `${slug}.ino`));
    expect(files.filter((name) => name.endsWith('.hex')).sort()).toEqual(slugs.map((slug) => `${slug}.hex`));
  });

  it('has the AVR toolchain and the Arduino core', () => {
    expect(problem, problem).toBeUndefined();
  });

  it('records the toolchain and the fixed compile time every .hex was built with', async () => {
    if (problem) throw new Error(problem);
    const record = await committedRecord();
    const versions = await toolchainVersions(TOOLCHAIN, workDir);
    const recorded = JSON.stringify(record.toolchain);
    expect(record.toolchain, outOfDate(HEX_RECORD_FILE, `it records ${recorded}`)).toEqual(versions);
    expect(record.compiledAt, outOfDate(HEX_RECORD_FILE)).toEqual(COMPILED_AT);
  });

  for (const project of PROJECTS) {
    it(`${project.slug}.hex is ${project.slug}.ino built for the ${project.board}`, async () => {
      if (problem) throw new Error(problem);
      const built = await buildSketch(TOOLCHAIN, project, await archiveFor(project.board), workDir);
      const hexFile = hexFileOf(project.slug);
      const committed = await readFile(hexFile, 'utf8').catch(() => undefined);
      // Not a diff of two hex dumps: the name of the file and what to do.
      if (committed !== built.hex) throw new Error(outOfDate(hexFile));
      const recorded = (await committedRecord()).sketches[project.slug];
      expect(recorded, outOfDate(HEX_RECORD_FILE, `the entry of ${project.slug}`)).toEqual(built.build);
    }, 120_000);
  }
});
