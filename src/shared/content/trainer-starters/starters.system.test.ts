import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArduinoPin } from '#shared/simulator/board.ts';
import { Simulation } from '#shared/simulator/simulation.ts';
import { lcdLines, ledBrightness, runUntil } from '#test/scenario-steps.ts';
import { testSettings } from '#test/settings.ts';
import {
  buildCoreArchive,
  sketchCompileArgs,
  toolchainOf,
  toolchainProblem,
} from '../../../../scripts/sketches/build-hex.ts';
import { TRAINER_BOARD } from '../trainer-board.ts';
import { TRAINER_STARTERS } from './starters.ts';

// Each starter of the trainer board compiled as the compile service compiles a learner's sketch (the
// same avr-g++, core and flags, `-include Arduino.h`, our libraries' folders on the include path;
// here with -Werror too, as a starter must compile without a warning), then run on the simulated
// trainer board, checking that it does what its description promises a learner.

const execFileAsync = promisify(execFile);
const TOOLCHAIN = toolchainOf({ compiler: testSettings.avrCompiler, core: testSettings.arduinoAvrCore });
const STARTERS_DIR = import.meta.dirname;
const LIBRARIES_DIR = path.resolve(import.meta.dirname, '../../../server/compile/libraries');
/** Where RAM starts in the ELF's address space; avr8js's data space is the ELF address minus this. */
const DATA_SPACE_OFFSET = 0x80_0000;

async function run(tool: string, args: readonly string[]): Promise<string> {
  try {
    return (await execFileAsync(tool, args, { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(stderr?.trim() || message);
  }
}

function symbolAddress(symbols: string, name: string): number {
  const match = new RegExp(`^([0-9a-f]+) [0-9a-f]+ [bBdD] ${name}$`, 'm').exec(symbols);
  if (!match?.[1]) throw new Error(`No ${name} in the program`);
  return Number.parseInt(match[1], 16) - DATA_SPACE_OFFSET;
}

describe('trainer board starters', () => {
  let problem: string | undefined;
  let workDir = '';
  let archive = '';

  beforeAll(async () => {
    problem = await toolchainProblem(TOOLCHAIN);
    if (problem) return;
    workDir = await mkdtemp(path.join(tmpdir(), 'roboforge-starters-'));
    archive = await buildCoreArchive(TOOLCHAIN, 'uno', workDir);
  }, 180_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** The starter compiled and linked for the Uno, on a fresh simulated trainer board. */
  async function simulateStarter(id: string): Promise<Simulation> {
    if (problem) throw new Error(problem);
    const starter = TRAINER_STARTERS.find((s) => s.id === id);
    if (!starter) throw new Error(`No starter ${id}`);
    const libraries = await readdir(LIBRARIES_DIR, { withFileTypes: true }).catch(() => []);
    const includes = libraries.filter((e) => e.isDirectory()).map((e) => `-I${path.join(LIBRARIES_DIR, e.name)}`);
    const dir = path.join(workDir, id);
    await mkdir(dir, { recursive: true });
    const [object, elf, hexFile] = ['o', 'elf', 'hex'].map((ext) => path.join(dir, `${id}.${ext}`)) as [
      string,
      string,
      string,
    ];
    const sketch = path.join(STARTERS_DIR, starter.file);
    await run(TOOLCHAIN.gxx, [...includes, ...sketchCompileArgs(TOOLCHAIN, 'uno', sketch, object)]);
    await run(TOOLCHAIN.gcc, [
      '-Os',
      '-g0',
      '-Wl,--gc-sections',
      '-mmcu=atmega328p',
      '-o',
      elf,
      object,
      archive,
      '-lm',
    ]);
    await run(TOOLCHAIN.objcopy, ['-O', 'ihex', '-R', '.eeprom', elf, hexFile]);
    const symbols = await run(TOOLCHAIN.nm, ['-S', elf]);
    const clock = {
      millis: symbolAddress(symbols, 'timer0_millis'),
      overflowCount: symbolAddress(symbols, 'timer0_overflow_count'),
    };
    return new Simulation(TRAINER_BOARD, await readFile(hexFile, 'utf8'), clock);
  }

  const sounding = (sim: Simulation) => {
    const view = sim.view('buzzer');
    return view.kind === 'buzzer' && view.sounding;
  };
  const servoAngle = (sim: Simulation) => {
    const view = sim.view('servo');
    return view.kind === 'servo' ? view.angle : Number.NaN;
  };
  /** Each time `pin` goes high from now on, in simulated ms. */
  const risings = (sim: Simulation, pin: ArduinoPin) => {
    const seen: number[] = [];
    sim.board.onPinChange(pin, (high, micros) => {
      if (high) seen.push(micros / 1000);
    });
    return seen;
  };

  it('lists six starters, each a file beside it', async () => {
    expect(TRAINER_STARTERS.map((s) => s.id)).toEqual([
      'blink',
      'button',
      'dimmer',
      'distance-alarm',
      'servo-sweep',
      'lcd-hello',
    ]);
    for (const starter of TRAINER_STARTERS) {
      expect(starter.file).toBe(`${starter.id}.ino`);
      await expect(readFile(path.join(STARTERS_DIR, starter.file), 'utf8')).resolves.toMatch(/void loop\(\)/);
    }
  });

  it('blink: the red LED goes on and off every half second', async () => {
    const sim = await simulateStarter('blink');
    const red = risings(sim, 'D6');
    sim.run(50);
    expect(ledBrightness(sim, 'redLed')).toBe(1);
    sim.run(500);
    expect(ledBrightness(sim, 'redLed')).toBe(0);
    sim.run(500);
    expect(ledBrightness(sim, 'redLed')).toBe(1);
    const [first, second] = red;
    expect((second ?? 0) - (first ?? 0)).toBeCloseTo(1_000, -1);
    for (const led of ['greenLed', 'yellowLed']) expect(ledBrightness(sim, led)).toBe(0);
  });

  it('button: the green LED is on while the button is held down', async () => {
    const sim = await simulateStarter('button');
    sim.run(50);
    expect(ledBrightness(sim, 'greenLed')).toBe(0);
    sim.set('button', 'on', 1);
    sim.run(50);
    expect(ledBrightness(sim, 'greenLed')).toBe(1);
    sim.set('button', 'on', 0);
    sim.run(50);
    expect(ledBrightness(sim, 'greenLed')).toBe(0);
  });

  it('dimmer: the yellow LED is as bright as the knob is turned', async () => {
    const sim = await simulateStarter('dimmer');
    const brightnessAt = (percent: number) => {
      sim.set('pot', 'position', percent);
      sim.run(250);
      return ledBrightness(sim, 'yellowLed');
    };
    expect(brightnessAt(0)).toBe(0);
    expect(brightnessAt(100)).toBe(1);
    expect(brightnessAt(50)).toBeCloseTo(0.5, 1);
    expect(brightnessAt(20)).toBeCloseTo(0.2, 1);
    expect(sim.serial).toMatch(/Knob: 1023 {2}Brightness: 255\r\n/);
  });

  it('distance alarm: the buzzer sounds and the red LED lights when something is near, and stop when it goes', async () => {
    const sim = await simulateStarter('distance-alarm');
    sim.set('sonar', 'cm', 150);
    sim.run(300);
    expect(sounding(sim)).toBe(false);
    expect(ledBrightness(sim, 'redLed')).toBe(0);
    expect(sim.serial).toMatch(/Distance: 1(49|50) cm/);
    sim.set('sonar', 'cm', 10);
    runUntil(sim, () => sounding(sim), 'the alarm', 500);
    sim.run(50);
    expect(sounding(sim)).toBe(true);
    expect(ledBrightness(sim, 'redLed')).toBe(1);
    expect(sim.serial).toMatch(/Distance: (9|10) cm/);
    sim.set('sonar', 'cm', 60);
    runUntil(sim, () => !sounding(sim), 'the alarm to stop', 500);
    sim.run(50);
    expect(ledBrightness(sim, 'redLed')).toBe(0);
  });

  it('servo sweep: the arm swings from one side to the other and back', async () => {
    const sim = await simulateStarter('servo-sweep');
    const angles: number[] = [];
    // Up at one degree every 15 ms (2.7 s), then on its way back.
    for (let ms = 0; ms < 3_400; ms += 100) {
      sim.run(100);
      angles.push(servoAngle(sim));
    }
    const top = angles.indexOf(Math.max(...angles));
    expect(Math.min(...angles.slice(0, top))).toBeLessThan(20);
    expect(angles[top]).toBeGreaterThan(170);
    expect(angles.at(-1)).toBeLessThan((angles[top] ?? 0) - 20);
    // Step by step, not in one jump.
    expect(angles.filter((angle) => angle > 45 && angle < 135).length).toBeGreaterThanOrEqual(5);
  });

  it('LCD hello: the screen says Hello', async () => {
    const sim = await simulateStarter('lcd-hello');
    runUntil(sim, () => (lcdLines(sim)[0] ?? '').includes('Hello'), 'Hello on the LCD', 2_000);
    const view = sim.view('lcd');
    expect(view.kind === 'lcd' && view.backlight).toBe(true);
  });
});
