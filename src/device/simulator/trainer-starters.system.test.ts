import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blankSketchFor, findCircuit, TRAINER_CIRCUIT } from '#shared/content/circuits.ts';
import { TRAINER_BOARD } from '#shared/content/trainer-board.ts';
import { TRAINER_STARTERS } from '#shared/content/trainer-starters/starters.ts';
import { TUTORIALS } from '#shared/content/tutorials.ts';
import { compileClean } from '#test/compiled-sketch.ts';
import { ROOT } from '#test/repository-root.ts';
import { lcdLines, ledBrightness, runUntil } from '#test/scenario-steps.ts';
import type { ArduinoPin } from './board.ts';
import { Simulation } from './simulation.ts';

// Each starter of the trainer board compiled by the compile service's own compiler, in its sandbox,
// as a learner's sketch is (and without a warning, as a starter must), then run on the simulated
// trainer board, checking that it does what its description promises a learner.

const STARTERS_DIR = path.join(ROOT, 'src/shared/content/trainer-starters');

describe('trainer board starters', () => {
  /** The starter compiled for the Uno, on a fresh simulated trainer board. */
  async function simulateStarter(id: string): Promise<Simulation> {
    const starter = TRAINER_STARTERS.find((s) => s.id === id);
    if (!starter) throw new Error(`No starter ${id}`);
    const { hex, clock } = await compileClean(await readFile(path.join(STARTERS_DIR, starter.file), 'utf8'));
    return new Simulation(TRAINER_BOARD, hex, clock);
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
    // The red LED stays lit while something is near (it does not flash), as its card says.
    for (let ms = 0; ms < 1_000; ms += 50) {
      sim.run(50);
      expect(ledBrightness(sim, 'redLed')).toBe(1);
    }
    const card = TRAINER_STARTERS.find((s) => s.id === 'distance-alarm')?.description;
    expect(card).toMatch(/light up red/);
    expect(card).not.toMatch(/flash/);
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

  it('LCD hello: the screen says Hello and counts the seconds, “1 second” without an “s”', async () => {
    const sim = await simulateStarter('lcd-hello');
    runUntil(sim, () => (lcdLines(sim)[0] ?? '').includes('Hello'), 'Hello on the LCD', 2_000);
    const view = sim.view('lcd');
    expect(view.kind === 'lcd' && view.backlight).toBe(true);
    const counted = () => lcdLines(sim)[1] ?? '';
    // Each count in turn, a second of simulated time apart.
    for (const said of ['0 seconds', '1 second', '2 seconds', '3 seconds']) {
      runUntil(sim, () => counted() === said, said, 1_500);
    }
  });

  it('a blank sketch of every circuit (“Start my own on this circuit”) compiles without a warning and runs', async () => {
    for (const circuit of [TRAINER_CIRCUIT, ...TUTORIALS.map((tutorial) => tutorial.slug)]) {
      const found = findCircuit(circuit);
      if (!found) throw new Error(`No circuit ${circuit}`);
      const { hex, clock } = await compileClean(blankSketchFor(circuit), found.board);
      const sim = new Simulation(found, hex, clock);
      sim.run(100);
      // The core's clock ticked: the program started, and an empty loop() keeps it going.
      expect(sim.millis, circuit).toBeGreaterThanOrEqual(99);
    }
  });
});
