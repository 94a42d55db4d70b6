/**
 * `npm run sketches`: builds every tutorial's sketch into its `.hex` and writes them, with their
 * record, beside the sketches (build-hex.ts does the work). Its own file, so that no bundle that
 * imports build-hex.ts (the server's, for the compile service) ever runs this at its start.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOARD_NAMES } from '../../src/shared/content/projects.ts';
import {
  buildAllSketches,
  flashUse,
  formatHexRecord,
  HEX_RECORD_FILE,
  hexFileOf,
  toolchainFromEnvironment,
  toolchainProblem,
} from './build-hex.ts';

const toolchain = toolchainFromEnvironment(process.env);
const problem = await toolchainProblem(toolchain);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const workDir = await mkdtemp(path.join(tmpdir(), 'roboforge-hex-'));
try {
  const { record, hexFiles } = await buildAllSketches(toolchain, workDir);
  for (const [slug, hex] of hexFiles) await writeFile(hexFileOf(slug), hex);
  await writeFile(HEX_RECORD_FILE, formatHexRecord(record));
  for (const [slug, build] of Object.entries(record.sketches)) {
    console.warn(`${slug}.hex: ${flashUse(build)} of the ${BOARD_NAMES[build.board]}'s flash`);
  }
  console.warn(`sketches: ${hexFiles.size} .hex files and hex-record.json written (${record.toolchain.compiler})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await rm(workDir, { recursive: true, force: true });
}
