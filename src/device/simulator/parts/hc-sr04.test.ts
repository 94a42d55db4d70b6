import { portDConfig } from 'avr8js';
import { describe, expect, it } from 'vitest';
import { partBench } from '#test/part-bench.ts';

const SONAR = [{ id: 'sonar', kind: 'hc-sr04', label: 'HC-SR04', pins: ['VCC', 'TRIG', 'ECHO', 'GND'] }] as const;
const WIRES = [
  { from: 'sonar.TRIG', to: 'arduino.D7', color: 'blue' },
  { from: 'sonar.ECHO', to: 'arduino.D4', color: 'purple' },
] as const;
const ECHO_BIT = 1 << 4;
const STEP_US = 2;

function sonarBench() {
  const bench = partBench(SONAR, WIRES);
  const { cpu } = bench.sim.board;
  const echoHigh = () => (cpu.readData(portDConfig.PIN) & ECHO_BIT) !== 0;
  /** A trigger pulse of `widthUs`, then ECHO watched for `watchUs`: when it rose and for how long (µs), if it did. */
  const measure = (widthUs: number, watchUs = 30_000) => {
    bench.drive('D7', true);
    bench.wait(widthUs);
    bench.drive('D7', false);
    let rose: number | undefined;
    for (let t = 0; t < watchUs; t += STEP_US) {
      bench.wait(STEP_US);
      const high = echoHigh();
      if (high && rose === undefined) rose = t;
      if (!high && rose !== undefined) return { delayUs: rose, echoUs: t - rose };
    }
    return rose === undefined ? undefined : { delayUs: rose, echoUs: Number.POSITIVE_INFINITY };
  };
  return { bench, measure, echoHigh };
}

describe('HC-SR04 distance sensor', () => {
  it('answers a 10 µs trigger with an echo of distance × 58 µs, a short moment after it', () => {
    const { bench, measure } = sonarBench();
    bench.sim.set('sonar', 'cm', 100);
    const echo = measure(10);
    expect(echo?.delayUs).toBeGreaterThan(200);
    expect(echo?.delayUs).toBeLessThan(1_000);
    expect(echo?.echoUs).toBeGreaterThanOrEqual(5_800 - STEP_US);
    expect(echo?.echoUs).toBeLessThanOrEqual(5_800 + STEP_US);
  });

  it('follows the distance slider, within the datasheet range of 2–400 cm', () => {
    const { bench, measure } = sonarBench();
    bench.sim.set('sonar', 'cm', 10);
    expect(measure(10)?.echoUs).toBeCloseTo(580, -1);
    bench.sim.set('sonar', 'cm', 1);
    expect(measure(10)?.echoUs).toBeCloseTo(2 * 58, -1);
    bench.sim.set('sonar', 'cm', 900);
    expect(measure(12, 30_000)?.echoUs).toBeCloseTo(400 * 58, -1);
  });

  it('ignores a trigger shorter than 10 µs and leaves ECHO low', () => {
    const { measure, echoHigh } = sonarBench();
    expect(measure(4, 3_000)).toBeUndefined();
    expect(echoHigh()).toBe(false);
  });

  it('offers one slider, the distance in cm', () => {
    const { bench } = sonarBench();
    expect(bench.sim.controls()).toEqual([
      {
        partId: 'sonar',
        control: {
          type: 'slider',
          key: 'cm',
          label: 'HC-SR04: how far away something is',
          min: 2,
          max: 400,
          step: 1,
          unit: 'cm',
          value: 100,
        },
      },
    ]);
  });
});
