import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SimBoard } from '#device/simulator/board.ts';
import { flashFromHex } from '#device/simulator/intel-hex.ts';
import { testSettings } from './settings.ts';

const run = promisify(execFile);

/** Where the Uno's bootloader starts: the last 512 bytes of the ATmega328P's flash (BOOTSZ = 256 words). */
export const OPTIBOOT_START = 0x7e00;
const BOOT_SECTION_BYTES = 512;

/**
 * Optiboot for the Uno, built from the source Debian's arduino-core-avr ships, with its Makefile's
 * `atmega328` flags (115,200 baud, three LED flashes). Debian's prebuilt optiboot_atmega328.hex
 * cannot be used: its gcc 5.4 makes the code 532 bytes, 20 more than the boot section holds, so
 * the file runs past the end of the flash (to 0x8014). Two flags that only change code size
 * (-fno-tree-scev-cprop -fno-inline) bring it to 506 bytes; this is checked on every build.
 */
export async function buildOptiboot(): Promise<string> {
  const source = path.join(testSettings.arduinoAvrCore, 'bootloaders', 'optiboot', 'optiboot.c');
  const dir = await mkdtemp(path.join(tmpdir(), 'roboforge-optiboot-'));
  try {
    const elf = path.join(dir, 'optiboot.elf');
    const hexFile = path.join(dir, 'optiboot.hex');
    const gcc = testSettings.avrCompiler.replace(/g\+\+$/, 'gcc');
    await run(gcc, [
      ...['-Os', '-fno-inline-small-functions', '-fno-split-wide-types', '-mshort-calls'],
      ...['-fno-tree-scev-cprop', '-fno-inline'],
      ...['-mmcu=atmega328p', '-DF_CPU=16000000L', '-DLED_START_FLASHES=3', '-DBAUD_RATE=115200'],
      ...[`-Wl,--section-start=.text=0x${OPTIBOOT_START.toString(16)}`, '-Wl,--section-start=.version=0x7ffe'],
      ...['-Wl,--relax', '-Wl,--gc-sections', '-nostartfiles', '-nostdlib'],
      ...['-o', elf, source],
    ]);
    const objcopy = gcc.replace(/gcc$/, 'objcopy');
    await run(
      objcopy,
      ['-j', '.text', '-j', '.data', '-j', '.version', '--set-section-flags', '.version=alloc,load'].concat([
        '-O',
        'ihex',
        elf,
        hexFile,
      ]),
    );
    const { stdout } = await run(gcc.replace(/gcc$/, 'size'), ['-A', elf]);
    const text = Number(/^\.text\s+(\d+)/m.exec(stdout)?.[1]);
    if (!(text <= BOOT_SECTION_BYTES)) {
      throw new Error(`optiboot is ${text} bytes: it does not fit the ${BOOT_SECTION_BYTES}-byte boot section`);
    }
    return await readFile(hexFile, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let built: Promise<Uint8Array> | undefined;

/**
 * An Uno as it leaves the factory: optiboot at the top of an erased flash (optiboot built once per
 * process); with `program`, one that was uploaded to before.
 */
export async function unoWithOptiboot(program?: Uint8Array): Promise<SimBoard> {
  built ??= buildOptiboot().then((hex) => flashFromHex(hex));
  const optiboot = await built;
  const flash = new Uint8Array(0x8000).fill(0xff);
  if (program) flash.set(program);
  flash.set(optiboot.subarray(OPTIBOOT_START), OPTIBOOT_START);
  return new SimBoard(flash, undefined, { bootStart: OPTIBOOT_START });
}
