import { describe, expect, it } from 'vitest';
import { Simulation } from '#device/simulator/simulation.ts';
import { TRAINER_BOARD } from '#shared/content/trainer-board.ts';
import { type Circuit, TUTORIALS } from '#shared/content/tutorials.ts';
import { compileClean } from '#test/compiled-sketch.ts';
import { lcdLines, ledBrightness, runUntil } from '#test/scenario-steps.ts';
import { sketchFromBlocks } from './arduino-generator.ts';
import { blockSamples, everyBlockProgram } from './block-samples.ts';
import { BLOCK_STARTERS } from './block-starters.ts';
import { PART_BLOCKS } from './blocks-parts.ts';

// What the blocks generate, compiled by the compile service's own compiler in its sandbox (which fails
// here on any warning, as -Wall -Werror would), and the starters run on the simulated trainer board,
// doing what their names promise a learner.

/** Compiles the blocks' sketch; on failure, the error names the block type and shows the source. */
async function compileBlocks(blocks: object, circuit: Circuit, what: string) {
  const { source } = sketchFromBlocks(blocks, circuit);
  try {
    return await compileClean(source, circuit.board);
  } catch (error) {
    throw new Error(`${what} on ${circuit.slug}: ${error instanceof Error ? error.message : error}\n${source}`);
  }
}

const PART_TYPES = new Set(PART_BLOCKS.map((block) => block.type));

/** Circuits whose every block type is compiled alone; on the others, the part blocks (the rest do not depend on the circuit). */
const EVERY_BLOCK_ALONE = new Set([TRAINER_BOARD.slug, 'air-quality-monitor', 'waste-sorting-robot']);

describe('blocks compiled', () => {
  for (const circuit of [TRAINER_BOARD, ...TUTORIALS]) {
    const which = EVERY_BLOCK_ALONE.has(circuit.slug) ? 'each block type' : 'each part block';
    it(`${which} alone, and every block together, on the ${circuit.slug} circuit`, { timeout: 300_000 }, async () => {
      const samples = blockSamples(circuit).filter(
        (sample) => EVERY_BLOCK_ALONE.has(circuit.slug) || PART_TYPES.has(sample.type),
      );
      expect(samples.length).toBeGreaterThan(EVERY_BLOCK_ALONE.has(circuit.slug) ? 21 : 0);
      for (const sample of samples) await compileBlocks(sample.blocks, circuit, sample.type);
      await compileBlocks(everyBlockProgram(circuit), circuit, 'every block');
    });
  }
});

describe('block programs on the simulated trainer board', () => {
  async function simulateStarter(id: string): Promise<Simulation> {
    const starter = BLOCK_STARTERS.find((s) => s.id === id);
    if (!starter) throw new Error(`No starter ${id}`);
    const { hex, clock } = await compileBlocks(starter.blocks, TRAINER_BOARD, id);
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

  it('blink: the red LED goes on, then off, every half second', { timeout: 120_000 }, async () => {
    const sim = await simulateStarter('blink');
    const risings: number[] = [];
    sim.board.onPinChange('D6', (high, micros) => {
      if (high) risings.push(micros / 1000);
    });
    sim.run(50);
    expect(ledBrightness(sim, 'redLed')).toBe(1);
    sim.run(500);
    expect(ledBrightness(sim, 'redLed')).toBe(0);
    sim.run(500);
    expect(ledBrightness(sim, 'redLed')).toBe(1);
    sim.run(1000);
    const [first, second] = risings;
    expect((second ?? 0) - (first ?? 0)).toBeCloseTo(1_000, -1);
    for (const led of ['greenLed', 'yellowLed']) expect(ledBrightness(sim, led)).toBe(0);
  });

  it('button: the green LED is on while the button is held down', { timeout: 120_000 }, async () => {
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

  it('servo sweep: the arm swings from one side to the other, a step at a time, and back', {
    timeout: 120_000,
  }, async () => {
    const sim = await simulateStarter('servo-sweep');
    const angles: number[] = [];
    // Up a degree every 15 ms (2.7 s), then on its way back.
    for (let ms = 0; ms < 3_400; ms += 100) {
      sim.run(100);
      angles.push(servoAngle(sim));
    }
    const top = angles.indexOf(Math.max(...angles));
    expect(Math.min(...angles.slice(0, top))).toBeLessThan(20);
    expect(angles[top]).toBeGreaterThan(170);
    expect(angles.at(-1)).toBeLessThan((angles[top] ?? 0) - 20);
    expect(angles.filter((angle) => angle > 45 && angle < 135).length).toBeGreaterThanOrEqual(5);
  });

  it('distance alarm: the buzzer beeps while something is nearer than 10 cm, and is quiet otherwise', {
    timeout: 120_000,
  }, async () => {
    const sim = await simulateStarter('distance-alarm');
    /** Whether the buzzer sounded, sampled every 10 ms for a second. */
    const listen = () =>
      Array.from({ length: 100 }, () => {
        sim.run(10);
        return sounding(sim);
      });
    sim.set('sonar', 'cm', 50);
    expect(listen().some(Boolean)).toBe(false);
    sim.set('sonar', 'cm', 6);
    runUntil(sim, () => sounding(sim), 'the first beep', 500);
    const near = listen();
    // Beeps: on and off again, more than once in a second.
    const starts = near.filter((on, i) => on && !near[i - 1]).length;
    expect(starts).toBeGreaterThanOrEqual(3);
    expect(near.filter(Boolean).length).toBeLessThan(80);
    sim.set('sonar', 'cm', 11);
    runUntil(sim, () => !sounding(sim), 'the beeping to stop', 500);
    expect(listen().some(Boolean)).toBe(false);
  });

  it('the LCD shows a row over what it showed before, and "every N ms" runs beside forever', {
    timeout: 120_000,
  }, async () => {
    const print = (row: string, value: object) => ({
      type: 'lcd_print',
      fields: { ROW: row },
      inputs: { VALUE: { block: value } },
    });
    const blocks = {
      blocks: {
        languageVersion: 0,
        blocks: [
          {
            type: 'board_starts',
            x: 0,
            y: 0,
            inputs: { DO: { block: print('1', { type: 'text', fields: { TEXT: 'Knob:' } }) } },
          },
          {
            type: 'board_forever',
            x: 0,
            y: 100,
            inputs: {
              DO: {
                block: {
                  ...print('2', { type: 'part_reading', fields: { PART: 'pot' } }),
                  next: {
                    block: {
                      type: 'time_wait_ms',
                      inputs: { MS: { block: { type: 'math_number', fields: { NUM: 20 } } } },
                    },
                  },
                },
              },
            },
          },
          {
            type: 'board_every',
            x: 0,
            y: 200,
            fields: { MS: 300 },
            inputs: { DO: { block: { type: 'part_toggle', fields: { PART: 'redLed' } } } },
          },
        ],
      },
    };
    const { hex, clock } = await compileBlocks(blocks, TRAINER_BOARD, 'LCD and every');
    const sim = new Simulation(TRAINER_BOARD, hex, clock);
    sim.set('pot', 'position', 100);
    runUntil(sim, () => lcdLines(sim)[1] === '1023', 'the knob on the LCD', 2_000);
    expect(lcdLines(sim)[0]).toBe('Knob:');
    sim.set('pot', 'position', 0);
    // "0", and none of 1023's digits left behind it.
    runUntil(sim, () => lcdLines(sim)[1] === '0', 'the knob turned down on the LCD', 1_000);
    const red: boolean[] = [];
    for (let ms = 0; ms < 1_200; ms += 50) {
      sim.run(50);
      red.push(ledBrightness(sim, 'redLed') > 0.5);
    }
    const changes = red.filter((on, i) => i > 0 && on !== red[i - 1]).length;
    expect(changes).toBeGreaterThanOrEqual(3);
    expect(changes).toBeLessThanOrEqual(5);
  });
});
