import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { avrdudeCommand, BOARD_CHIPS } from './boards.ts';
import { HEX_RECORD, sketchBuildOf } from './hex-record.ts';
import { PROJECTS } from './projects.ts';

// The cheap half of the check on the committed .hex files, with no toolchain: each still comes from
// the sketch beside it and fits its board. sketches.system.test.ts rebuilds them byte for byte.

const SKETCHES_DIR = path.join(import.meta.dirname, 'sketches');
const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(SKETCHES_DIR, file)))
    .digest('hex');
const outOfDate = (file: string) => `src/shared/content/sketches/${file} is out of date: run npm run sketches`;

/** The chips' RAM in the data space (avr8js's `cpu.data`): after the 32 registers and the I/O registers. */
const RAM: Readonly<Record<string, { start: number; bytes: number }>> = {
  atmega328p: { start: 0x100, bytes: 2048 },
  atmega2560: { start: 0x200, bytes: 8192 },
};

describe('the .hex files built from the sketches (hex-record.json)', () => {
  it('records a build of every project and of nothing else', () => {
    expect(Object.keys(HEX_RECORD.sketches).sort()).toEqual(PROJECTS.map((p) => p.slug).sort());
  });

  const boards = PROJECTS.map((p) => [p.slug, p.board] as const);

  it.each(boards)('%s.hex was built from the .ino as it is, for the %s', (slug, board) => {
    const build = sketchBuildOf(slug);
    expect(build.inoSha256, outOfDate(`${slug}.hex`)).toBe(sha256(`${slug}.ino`));
    expect(build.hexSha256, outOfDate('hex-record.json')).toBe(sha256(`${slug}.hex`));
    expect(build.board).toBe(board);
    expect(build.mcu).toBe(BOARD_CHIPS[board].mcu);
  });

  it.each(boards)('%s.hex fits the flash and RAM of the %s', (slug, board) => {
    const build = sketchBuildOf(slug);
    expect(build.flashBytes).toBeGreaterThan(0);
    expect(build.flashBytes, `${slug}.hex is too big for the ${board}`).toBeLessThanOrEqual(
      BOARD_CHIPS[board].flashBytes,
    );
    expect(build.ramBytes).toBeLessThan(RAM[build.mcu]?.bytes ?? 0);
  });

  it.each(boards)("%s.hex: the core's clock variables are where the simulator moves them", (slug) => {
    const { mcu, clock } = sketchBuildOf(slug);
    const ram = RAM[mcu];
    if (!ram) throw new Error(`No RAM known for ${mcu}`);
    for (const variable of [clock.timer0_millis, clock.timer0_overflow_count]) {
      expect(variable.size).toBe(4); // unsigned long
      expect(variable.address).toBeGreaterThanOrEqual(ram.start);
      expect(variable.address + variable.size).toBeLessThanOrEqual(ram.start + ram.bytes);
    }
    // Two variables, side by side or not, never overlapping.
    const [first, second] = [clock.timer0_millis, clock.timer0_overflow_count].sort((a, b) => a.address - b.address);
    expect((first?.address ?? 0) + (first?.size ?? 0)).toBeLessThanOrEqual(second?.address ?? 0);
  });

  it('says how avrdude writes a .hex to each board', () => {
    expect(avrdudeCommand('uno', 'x.hex')).toBe(
      'avrdude -p atmega328p -c arduino -P <port> -b 115200 -D -U flash:w:x.hex:i',
    );
    expect(avrdudeCommand('mega', 'x.hex')).toBe(
      'avrdude -p atmega2560 -c wiring -P <port> -b 115200 -D -U flash:w:x.hex:i',
    );
  });
});
