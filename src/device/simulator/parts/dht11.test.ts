import { describe, expect, it } from 'vitest';
import type { Tutorial } from '#shared/content/tutorials.ts';
import type { SimBoard } from '../board.ts';
import { Simulation } from '../simulation.ts';
import { dht11Frame } from './dht11.ts';
import type { PartModel } from './part.ts';

// PORTD, DDRD and PIND in avr8js's data space; the DHT11's DATA is on D2.
const PIND = 0x29;
const DDRD = 0x2a;
const PORTD = 0x2b;
const DATA_BIT = 1 << 2;
const SREG = 0x5f;

const BENCH: Tutorial = {
  projectId: 0,
  slug: 'dht11-bench',
  board: 'uno',
  parts: [
    { id: 'arduino', kind: 'arduino', label: 'Arduino Uno', pins: ['D2'] },
    { id: 'dht', kind: 'dht11', label: 'DHT11 sensor', pins: ['VCC', 'GND', 'DATA'] },
  ],
  wires: [{ from: 'dht.DATA', to: 'arduino.D2', color: 'green' }],
  codeRefs: [],
};

/** An empty program (its flash erased): the test plays the sketch, driving D2 through the port registers. */
function benchWithSensor(): { board: SimBoard; sensor: PartModel } {
  const sim = new Simulation(BENCH, ':00000001FF\n', { millis: 0x200, overflowCount: 0x204 });
  // Interrupts on (none is enabled), so that the fast-forward moves the clock.
  sim.board.cpu.data[SREG] = 0x80;
  return { board: sim.board, sensor: sim.model('dht') };
}

const lineHigh = (board: SimBoard) => ((board.cpu.data[PIND] ?? 0) & DATA_BIT) !== 0;

/** The first half of the host's start signal: the line driven low for `ms`. */
function holdLow(board: SimBoard, ms: number): void {
  board.cpu.writeData(PORTD, 0);
  board.cpu.writeData(DDRD, DATA_BIT);
  board.runMillis(ms);
}

/** The line's levels for the next 6 ms, as [high, µs] runs. */
function listen(board: SimBoard): [boolean, number][] {
  const runs: [boolean, number][] = [];
  for (let micros = 0; micros < 6_000; micros++) {
    board.runCycles(16);
    const high = lineHigh(board);
    const last = runs.at(-1);
    if (last && last[0] === high) last[1]++;
    else runs.push([high, 1]);
  }
  return runs;
}

/** The host's start signal as the sketches send it (`lowMs` low, then an input with its pull-up), and what follows. */
function startAndListen(board: SimBoard, lowMs: number): [boolean, number][] {
  holdLow(board, lowMs);
  board.cpu.writeData(DDRD, 0);
  board.cpu.writeData(PORTD, DATA_BIT);
  return listen(board);
}

/** The 40 bits of an answer, read as the sketches do: a high pulse over 48 µs is a 1. */
function decode(runs: [boolean, number][]): number[] {
  const highs = runs.filter(([high]) => high).map(([, micros]) => micros);
  // The idle line before the answer, then the 80 µs preamble, then the bits, then the idle line again.
  const bits = highs.slice(2, 42);
  return Array.from({ length: 5 }, (_, byte) =>
    bits.slice(byte * 8, byte * 8 + 8).reduce((value, micros) => (value << 1) | (micros > 48 ? 1 : 0), 0),
  );
}

describe('DHT11 sensor', () => {
  it('idles high (the module has the pull-up)', () => {
    const { board } = benchWithSensor();
    board.runCycles(16);
    expect(lineHigh(board)).toBe(true);
  });

  it('answers an 18 ms start signal with 80 µs low, 80 µs high and 40 bits of its two sliders', () => {
    const { board, sensor } = benchWithSensor();
    sensor.setControl('celsius', 31);
    sensor.setControl('humidity', 64);
    board.fastForward(1_000);
    const runs = startAndListen(board, 20);
    const [idle, low, high] = runs;
    expect(idle?.[0]).toBe(true);
    expect(idle?.[1]).toBeGreaterThanOrEqual(20);
    expect(idle?.[1]).toBeLessThanOrEqual(40);
    expect(low).toEqual([false, expect.closeTo(80, 0)]);
    expect(high).toEqual([true, expect.closeTo(80, 0)]);
    const bitLows = runs.slice(3, 83).filter(([level]) => !level);
    expect(bitLows.every(([, micros]) => Math.abs(micros - 50) <= 1)).toBe(true);
    expect(decode(runs)).toEqual([64, 0, 31, 0, 95]);
    // It ends with 50 µs low, then lets go for good.
    expect(runs.at(-2)).toEqual([false, expect.closeTo(50, 0)]);
    expect(runs.at(-1)?.[0]).toBe(true);
  });

  it('sends a 0 as 26–28 µs high and a 1 as 70 µs high', () => {
    const { board, sensor } = benchWithSensor();
    sensor.setControl('humidity', 0x55); // 0b01010101: alternating bits
    board.fastForward(1_000);
    const highs = startAndListen(board, 20)
      .filter(([high]) => high)
      .map(([, micros]) => micros)
      .slice(2, 10);
    expect(highs).toHaveLength(8);
    for (const [index, micros] of highs.entries()) {
      if (index % 2 === 0) expect(micros).toBeGreaterThanOrEqual(26);
      if (index % 2 === 0) expect(micros).toBeLessThanOrEqual(28);
      if (index % 2 === 1) expect(micros).toBe(70);
    }
  });

  it('answers a host that lets go without the pull-up', () => {
    const { board } = benchWithSensor();
    board.fastForward(1_000);
    holdLow(board, 20);
    board.cpu.writeData(DDRD, 0);
    expect(decode(listen(board))).toEqual([50, 0, 22, 0, 72]);
  });

  it('answers a host that ends the start signal by driving the line high', () => {
    const { board } = benchWithSensor();
    board.fastForward(1_000);
    holdLow(board, 20);
    board.cpu.writeData(PORTD, DATA_BIT);
    board.runCycles(16 * 10);
    board.cpu.writeData(DDRD, 0);
    expect(decode(listen(board))).toEqual([50, 0, 22, 0, 72]);
  });

  it('ignores a start signal shorter than 18 ms', () => {
    const { board } = benchWithSensor();
    board.fastForward(1_000);
    expect(startAndListen(board, 10)).toEqual([[true, 6_000]]);
  });

  it('ignores the host in its first second after power-on', () => {
    const { board } = benchWithSensor();
    expect(startAndListen(board, 20)).toEqual([[true, 6_000]]);
  });

  it('keeps its sliders in the DHT11 range (0–50 °C, 20–90 %) and whole units', () => {
    const { sensor } = benchWithSensor();
    sensor.setControl('celsius', 80);
    sensor.setControl('humidity', 12.4);
    expect(sensor.controls()).toEqual([
      expect.objectContaining({ key: 'celsius', label: 'DHT11 sensor: temperature', value: 50, unit: '°C' }),
      expect.objectContaining({ key: 'humidity', label: 'DHT11 sensor: humidity', value: 20, unit: '%' }),
    ]);
  });

  it('makes the checksum the low byte of the sum of the first four', () => {
    expect(dht11Frame(50, 90)).toEqual([90, 0, 50, 0, 140]);
  });
});
