/**
 * `node bench/upload.ts`: how long uploading each tutorial's program takes, on the simulated Uno
 * running the real optiboot at 115,200 baud (the upload tests' board), against the time its bytes
 * alone need on the wire (both directions, 10 bits a byte). The difference is the bootloader's
 * own work: 4 ms to erase and 4 ms to write each page, the reset and its LED flashes, the waits
 * between commands. Simulated time is the board's clock, not this machine's speed. Writes the
 * "upload" section of bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageFromHex } from '#device/simulator/intel-hex.ts';
import { SimulatedPort } from '#device/simulator/simulated-port.ts';
import { upload } from '#device/upload/stk500.ts';
import { PROJECTS } from '#shared/content/projects.ts';
import { unoWithOptiboot } from '#test/optiboot.ts';
import { ROOT } from '#test/repository-root.ts';
import { writeResultsSection } from './results-file.ts';

const BAUD = 115_200;

export interface UploadResult {
  readonly slug: string;
  readonly bytes: number;
  readonly uploadMs: number;
  readonly wireMs: number;
  readonly wallMs: number;
}

export async function benchUpload(): Promise<UploadResult[]> {
  const results: UploadResult[] = [];
  for (const { slug } of PROJECTS) {
    const board = await unoWithOptiboot();
    const port = new SimulatedPort(board, BAUD);
    const image = imageFromHex(readFileSync(path.join(ROOT, 'src/shared/content/sketches', `${slug}.hex`), 'utf8'));
    const started = performance.now();
    await upload(port, image);
    results.push({
      slug,
      bytes: image.length,
      uploadMs: board.micros / 1000,
      wireMs: ((port.bytesSent + port.bytesReceived) * 10 * 1000) / BAUD,
      wallMs: performance.now() - started,
    });
  }
  return results;
}

export function uploadMarkdown(results: readonly UploadResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.slug} | ${r.bytes.toLocaleString('en')} | ${(r.uploadMs / 1000).toFixed(2)} s | ${(r.wireMs / 1000).toFixed(2)} s | ${(r.uploadMs / r.wireMs).toFixed(2)}× | ${(r.wallMs / 1000).toFixed(1)} s |`,
  );
  return [
    '## Upload to a board (`node bench/upload.ts`)',
    '',
    `Each tutorial's program uploaded over STK500v1 to the real optiboot on the simulated Uno at ${BAUD.toLocaleString('en')} baud, written and read back. *Upload* is the board's simulated time from the DTR reset to the bootloader leaving programming mode; *bytes on the wire* is every byte both ways at 10 bits a byte. The gap is optiboot's own work (start-up LED flashes, 4 ms page erase + 4 ms page write per 128-byte page) and the turn-arounds. *Wall* is how long this machine took to simulate it.`,
    '',
    '| tutorial | program bytes | upload | bytes on the wire | ratio | wall |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

if (import.meta.main) {
  const results = await benchUpload();
  const markdown = uploadMarkdown(results);
  console.warn(markdown);
  writeResultsSection('upload', markdown);
}
