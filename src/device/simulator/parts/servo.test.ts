import { describe, expect, it } from 'vitest';
import { partBench } from '#test/part-bench.ts';
import type { ArduinoPin } from '../board.ts';

const SERVOS = [
  { id: 'small', kind: 'servo-sg90', label: 'SG90', pins: ['signal', 'V+', 'GND'] },
  { id: 'big', kind: 'servo-mg996r', label: 'MG996R', pins: ['signal', 'V+', 'GND'] },
] as const;
const WIRES = [
  { from: 'small.signal', to: 'arduino.D9', color: 'orange' },
  { from: 'big.signal', to: 'arduino.D10', color: 'orange' },
] as const;

function servoBench() {
  const bench = partBench(SERVOS, WIRES);
  /** `frames` of 20 ms, each starting with a pulse of `widthUs` on `pin`. */
  const pulses = (pin: ArduinoPin, widthUs: number, frames: number) => {
    for (let frame = 0; frame < frames; frame++) {
      bench.drive(pin, true);
      bench.wait(widthUs);
      bench.drive(pin, false);
      bench.wait(20_000 - widthUs);
    }
  };
  const angle = (id: string) => {
    const view = bench.sim.view(id);
    return view.kind === 'servo' ? view.angle : Number.NaN;
  };
  return { pulses, angle, wait: bench.wait };
}

describe('servos', () => {
  it('turn to the angle the pulse width asks for: 500 µs is 0°, 1450 µs is 90°, 2400 µs is 180°', () => {
    const { pulses, angle } = servoBench();
    pulses('D9', 500, 20);
    expect(angle('small')).toBe(0);
    pulses('D9', 2400, 20);
    expect(angle('small')).toBe(180);
    pulses('D9', 1450, 20);
    expect(angle('small')).toBe(90);
  });

  it('clamp pulses beyond the ends to 0° and 180°', () => {
    const { pulses, angle } = servoBench();
    pulses('D9', 300, 20);
    expect(angle('small')).toBe(0);
    pulses('D9', 2800, 20);
    expect(angle('small')).toBe(180);
  });

  it('move at their datasheet speed: the SG90 60° in 0.1 s, the MG996R in 0.17 s', () => {
    const { pulses, angle } = servoBench();
    // From the middle (90°) towards 0°, in 100 ms: five 20 ms frames.
    pulses('D9', 500, 5);
    expect(angle('small')).toBeCloseTo(30, 0);
    pulses('D10', 500, 5);
    expect(angle('big')).toBeCloseTo(90 - 60 * (0.1 / 0.17), 0);
  });

  it('stop and hold their angle when the pulses stop, short of where the last one asked', () => {
    const { pulses, angle, wait } = servoBench();
    pulses('D9', 2400, 1);
    wait(100_000);
    const reached = angle('small');
    expect(reached).toBeGreaterThan(90);
    expect(reached).toBeLessThan(180);
    wait(500_000);
    expect(angle('small')).toBe(reached);
  });
});
