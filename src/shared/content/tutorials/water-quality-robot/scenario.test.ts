import { describe, expect, it } from 'vitest';
import type { Simulation } from '#device/simulator/simulation.ts';
import { lcdLines, nextSerialLine, runUntil } from '#test/scenario-steps.ts';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "A water tester that measures pH, dissolved solids, cloudiness and
// temperature"; "printToSerial() shows every reading with its voltage in the Serial Monitor"; "The
// LCD switches pages every 3 seconds (PAGE_EVERY_MS)"; "The voltage drops as water gets cloudier";
// "if pH is outside 6.5–8.5, TDS is above 500 ppm or the water is DIRTY, the LED on the board lights
// and the LCD shows CHECK WATER".

const PAGE_EVERY_MS = 3_000;
/** About how long measureEverything() takes: four averages of 20 readings, 5 ms apart. */
const MEASURING_MS = 420;
/** The LED on the board (LED_BUILTIN). */
const BOARD_LED = 'D13';

interface Water {
  readonly ph?: number;
  readonly tdsPpm?: number;
  readonly ntu?: number;
  readonly celsius?: number;
}

/** Puts the probes in water like this: in the usual range unless told otherwise. */
function pour(sim: Simulation, { ph = 7.2, tdsPpm = 150, ntu = 0, celsius = 25 }: Water): void {
  sim.set('ph', 'ph', ph);
  sim.set('tds', 'ppm', tdsPpm);
  sim.set('turbidity', 'ntu', ntu);
  sim.set('thermistor', 'celsius', celsius);
}

/** Powers the tester on in that water and skips setup's two-second title screen. */
function powerOn(water: Water = {}): Simulation {
  const sim = simulate('water-quality-robot');
  pour(sim, water);
  runUntil(sim, () => lcdLines(sim)[1] === 'Not for drinking', 'the title screen');
  sim.fastForward(2_000);
  return sim;
}

/**
 * Skips the loop's half-second wait and takes the next measurement; with `page`, lands it in a
 * 3-second slot that shows that LCD page (0: the numbers, 1: the verdict). Returns its serial line.
 */
function measure(sim: Simulation, page?: 0 | 1): string {
  let skip = 500;
  if (page !== undefined) {
    // The middle of the first slot of that page the measurement can reach.
    const earliest = sim.millis + skip + MEASURING_MS;
    let slot = Math.ceil((earliest - PAGE_EVERY_MS / 2) / PAGE_EVERY_MS);
    if (slot % 2 !== page) slot++;
    skip = slot * PAGE_EVERY_MS + PAGE_EVERY_MS / 2 - MEASURING_MS - sim.millis;
  }
  sim.fastForward(skip);
  return nextSerialLine(sim);
}

interface Reading {
  readonly ph: number;
  readonly phVolts: number;
  readonly tdsPpm: number;
  readonly turbidity: string;
  readonly turbidityVolts: number;
  readonly celsius: number;
}

function parse(line: string): Reading {
  const match =
    /^pH ([\d.]+) \(([\d.]+) V\) {2}TDS (\d+) ppm \([\d.]+ V\) {2}Turbidity (\w+) \(([\d.]+) V\) {2}([\d.]+) C$/.exec(
      line,
    );
  if (!match) throw new Error(`Not a reading: ${line}`);
  const [, ph, phVolts, tdsPpm, turbidity = '', turbidityVolts, celsius] = match;
  return {
    ph: Number(ph),
    phVolts: Number(phVolts),
    tdsPpm: Number(tdsPpm),
    turbidity,
    turbidityVolts: Number(turbidityVolts),
    celsius: Number(celsius),
  };
}

describe('Water Quality Robot', () => {
  it('measures pH, TDS, turbidity and temperature close to the probes, every reading with its voltage on the serial monitor', () => {
    const sim = powerOn({ ph: 7.4, tdsPpm: 300, celsius: 25 });
    const reading = parse(measure(sim, 0));
    expect(reading.ph).toBeCloseTo(7.4, 1);
    expect(reading.phVolts).toBeCloseTo(2.5 - 0.4 * 0.1767, 2);
    expect(reading.tdsPpm).toBeGreaterThanOrEqual(290);
    expect(reading.tdsPpm).toBeLessThanOrEqual(310);
    expect(reading.turbidity).toBe('CLEAR');
    expect(reading.turbidityVolts).toBeCloseTo(4.2, 1);
    expect(reading.celsius).toBeCloseTo(25, 0);
    expect(lcdLines(sim)).toEqual([
      `pH ${reading.ph.toFixed(2)}  ${reading.celsius.toFixed(1)}°C`,
      `TDS ${reading.tdsPpm} ppm`,
    ]);

    pour(sim, { ph: 7.4, tdsPpm: 300, celsius: 18.5 });
    expect(parse(measure(sim)).celsius).toBeCloseTo(18.5, 0);
  });

  it('switches LCD pages every 3 seconds (PAGE_EVERY_MS): water in the usual range', () => {
    const sim = powerOn();
    measure(sim, 0);
    expect(lcdLines(sim)[0]).toMatch(/^pH 7\.\d\d {2}2\d\.\d°C$/);
    measure(sim, 1);
    expect(lcdLines(sim)).toEqual(['Water: CLEAR', 'In usual range']);
    expect(sim.board.isHigh(BOARD_LED)).toBe(false);
  });

  it('calls the water CLEAR, CLOUDY or DIRTY as the turbidity voltage drops', () => {
    const sim = powerOn({ ntu: 1500 });
    const cloudy = parse(measure(sim));
    expect(cloudy.turbidity).toBe('CLOUDY');
    expect(cloudy.turbidityVolts).toBeLessThan(4.0);
    pour(sim, { ntu: 3500 });
    const dirty = parse(measure(sim));
    expect(dirty.turbidity).toBe('DIRTY');
    expect(dirty.turbidityVolts).toBeLessThan(2.5);
  });

  it.each([
    ['pH below 6.5', { ph: 6.0 }],
    ['pH above 8.5', { ph: 9.0 }],
    ['TDS above 500 ppm', { tdsPpm: 600 }],
    ['DIRTY water', { ntu: 3500 }],
  ] as const)('with %s lights the LED on the board and shows CHECK WATER', (_, water) => {
    const sim = powerOn(water);
    measure(sim, 1);
    expect(lcdLines(sim)[1]).toBe('CHECK WATER!');
    expect(sim.board.isHigh(BOARD_LED)).toBe(true);
  });

  it('puts the LED out and shows the usual range again once the water is back in it', () => {
    const sim = powerOn({ ph: 9.0 });
    measure(sim);
    expect(sim.board.isHigh(BOARD_LED)).toBe(true);
    pour(sim, {});
    measure(sim, 1);
    expect(lcdLines(sim)[1]).toBe('In usual range');
    expect(sim.board.isHigh(BOARD_LED)).toBe(false);
  });
});
