import { execFile } from 'node:child_process';
import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '#test/settings.ts';
import { type Board, PROJECTS } from './projects.ts';

// Compiles every tutorial sketch with the real AVR toolchain, for the board its project names. This is the check the
// Arduino IDE would do before uploading: undefined names, type errors and warnings (-Werror) all fail. Linking is not
// done: Debian's core does not link with its gcc-avr 5.4 (WString.cpp fails to build), so the translation unit is the check
// (README, "Tutorials").

const run = promisify(execFile);

/** Where the toolchain lives (AVR_GXX and ARDUINO_AVR_CORE point elsewhere on other machines). */
const SETTINGS = { compiler: testSettings.avrCompiler, core: testSettings.arduinoAvrCore } as const;

const INSTALL_HINT = 'apt-get install gcc-avr avr-libc arduino-core-avr';
const SKETCH_DIR = path.join(import.meta.dirname, 'sketches');

/** Per-board flags, as the Arduino IDE sets them for Uno, Nano (ATmega328P) and Mega 2560. */
const BOARD_FLAGS: Readonly<Record<Board, { mcu: string; define: string; variant: string }>> = {
  uno: { mcu: 'atmega328p', define: 'ARDUINO_AVR_UNO', variant: 'standard' },
  nano: { mcu: 'atmega328p', define: 'ARDUINO_AVR_NANO', variant: 'eightanaloginputs' },
  mega: { mcu: 'atmega2560', define: 'ARDUINO_AVR_MEGA2560', variant: 'mega' },
};

/** The libraries bundled with the core: the only ones a learner gets with the Arduino IDE and nothing else. */
const BUNDLED_LIBRARIES = ['Wire', 'SPI', 'EEPROM', 'SoftwareSerial'];

function compileArgs(board: Board, sketch: string, output: string): string[] {
  const flags = BOARD_FLAGS[board];
  const core = SETTINGS.core;
  const includes = BUNDLED_LIBRARIES.flatMap((lib) => [
    `-I${core}/libraries/${lib}/src`,
    `-I${core}/libraries/${lib}/src/utility`,
  ]);
  return [
    '-c',
    '-std=gnu++11',
    '-Os',
    '-Wall',
    '-Werror',
    `-mmcu=${flags.mcu}`,
    '-DF_CPU=16000000L',
    '-DARDUINO=10807',
    `-D${flags.define}`,
    '-DARDUINO_ARCH_AVR',
    `-I${core}/cores/arduino`,
    `-I${core}/variants/${flags.variant}`,
    ...includes,
    '-x',
    'c++',
    '-include',
    'Arduino.h',
    sketch,
    '-o',
    output,
  ];
}

/** Why the toolchain cannot be used, or undefined when it can. A missing toolchain fails the tests: never skip. */
async function toolchainProblem(): Promise<string | undefined> {
  try {
    await run(SETTINGS.compiler, ['--version'], { timeout: 10_000 });
  } catch (error) {
    return `${SETTINGS.compiler} does not run (${(error as Error).message}). Install it: ${INSTALL_HINT}`;
  }
  try {
    await access(path.join(SETTINGS.core, 'cores', 'arduino', 'Arduino.h'));
  } catch {
    return `No Arduino AVR core at ${SETTINGS.core} (set ARDUINO_AVR_CORE, or install it: ${INSTALL_HINT})`;
  }
  return undefined;
}

describe('tutorial sketches', () => {
  let problem: string | undefined;
  let outDir = '';

  beforeAll(async () => {
    problem = await toolchainProblem();
    outDir = await mkdtemp(path.join(tmpdir(), 'roboforge-sketches-'));
  });

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('has exactly one sketch per project', async () => {
    const files = (await readdir(SKETCH_DIR)).filter((name) => name.endsWith('.ino')).sort();
    expect(files).toEqual(PROJECTS.map((p) => `${p.slug}.ino`).sort());
  });

  it('has the AVR toolchain and the Arduino core', () => {
    expect(problem, problem).toBeUndefined();
  });

  for (const project of PROJECTS) {
    it(`${project.slug}.ino compiles for the ${project.board}`, async () => {
      if (problem) throw new Error(problem);
      const sketch = path.join(SKETCH_DIR, `${project.slug}.ino`);
      const output = path.join(outDir, `${project.slug}.o`);
      try {
        await run(SETTINGS.compiler, compileArgs(project.board, sketch, output), { timeout: 30_000 });
      } catch (error) {
        const { stderr } = error as { stderr?: string };
        throw new Error(`${project.slug}.ino does not compile for the ${project.board}:\n${stderr ?? error}`);
      }
      await expect(access(output)).resolves.toBeUndefined();
    }, 30_000);
  }
});
