import { describe, expect, it } from 'vitest';
import { partBench } from '#test/part-bench.ts';

const STEPPER = [
  { id: 'driver', kind: 'uln2003-stepper', label: 'ULN2003', pins: ['IN1', 'IN2', 'IN3', 'IN4', '+', '-'] },
] as const;
const WIRES = ['D8', 'D9', 'D10', 'D11'].map((pin, index) => ({
  from: `driver.IN${index + 1}`,
  to: `arduino.${pin}`,
  color: 'blue' as const,
}));
const INPUTS = ['D8', 'D9', 'D10', 'D11'] as const;

/** The medical robot's STEP_PATTERN: coils as bits IN1 (8) … IN4 (1). */
const FULL_STEPS = [0b1100, 0b0110, 0b0011, 0b1001];
const HALF_STEPS = [0b1000, 0b1100, 0b0100, 0b0110, 0b0010, 0b0011, 0b0001, 0b1001];

function stepperBench() {
  const bench = partBench(STEPPER, WIRES);
  // As the sketch's setCoils() does it: one pin after another, IN1 first, then the sketch's
  // STEP_DELAY_MS (shortened to 1 ms here).
  const setCoils = (pattern: number) => {
    for (const [index, pin] of INPUTS.entries()) bench.drive(pin, (pattern & (0b1000 >> index)) !== 0);
    bench.wait(1000);
  };
  const turn = (sequence: readonly number[], steps: number, start = 0) => {
    for (let step = 1; step <= Math.abs(steps); step++) {
      const index = (start + Math.sign(steps) * step) % sequence.length;
      setCoils(sequence.at(index) ?? 0);
    }
  };
  return { setCoils, turn, view: () => bench.sim.view('driver') };
}

describe('ULN2003 with the 28BYJ-48 stepper', () => {
  it('counts full steps in STEP_PATTERN order forward: 2048 make one turn, so 256 make 45°', () => {
    const { turn, view } = stepperBench();
    turn(FULL_STEPS, 256);
    expect(view()).toEqual({ kind: 'stepper', angle: 45, steps: 256 });
  });

  it('counts the reverse order backwards', () => {
    const { turn, view } = stepperBench();
    turn(FULL_STEPS, -128);
    expect(view()).toEqual({ kind: 'stepper', angle: -22.5, steps: -128 });
  });

  it('is not moved by the in-between patterns while the pins change one by one', () => {
    const { setCoils, view } = stepperBench();
    // 1001 → 0000 passes through 0001 for a few microseconds; 1100 → 0110 through 0100.
    for (const pattern of [0b1001, 0, 0b1100, 0b0110]) setCoils(pattern);
    expect(view()).toMatchObject({ steps: 1 });
  });

  it('keeps its position while the coils are off and goes on from it', () => {
    const { setCoils, turn, view } = stepperBench();
    turn(FULL_STEPS, 3);
    setCoils(0);
    expect(view()).toMatchObject({ steps: 3 });
    turn(FULL_STEPS, 2, 3);
    expect(view()).toMatchObject({ steps: 5 });
  });

  it('moves half a step for each half-step pattern', () => {
    const { turn, view } = stepperBench();
    // From IN1+IN2 (where the rotor starts), eight half-steps on.
    turn(HALF_STEPS, 8, 1);
    expect(view()).toEqual({ kind: 'stepper', angle: (4 * 360) / 2048, steps: 4 });
  });
});
