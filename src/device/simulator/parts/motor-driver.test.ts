import { describe, expect, it } from 'vitest';
import { partBench } from '#test/part-bench.ts';
import type { ArduinoPin } from '../board.ts';

const PARTS = [
  {
    id: 'driver',
    kind: 'l298n-driver',
    label: 'L298N',
    pins: ['IN1', 'IN2', 'IN3', 'IN4', '12V', 'GND', 'OUT1', 'OUT2', 'OUT3', 'OUT4'],
  },
  { id: 'left', kind: 'dc-motor', label: 'Left motor', pins: ['+', '-'] },
  { id: 'right', kind: 'dc-motor', label: 'Right motor', pins: ['+', '-'] },
] as const;
const WIRES = [
  { from: 'left.+', to: 'driver.OUT1', color: 'red' },
  { from: 'left.-', to: 'driver.OUT2', color: 'black' },
  // The right motor's leads the other way round: it turns the other way for the same inputs.
  { from: 'right.-', to: 'driver.OUT3', color: 'black' },
  { from: 'right.+', to: 'driver.OUT4', color: 'red' },
  { from: 'driver.IN1', to: 'arduino.D5', color: 'yellow' },
  { from: 'driver.IN2', to: 'arduino.D6', color: 'orange' },
  { from: 'driver.IN3', to: 'arduino.D9', color: 'purple' },
  { from: 'driver.IN4', to: 'arduino.D10', color: 'white' },
] as const;

function motorBench() {
  const bench = partBench(PARTS, WIRES);
  const speed = (id: string) => {
    const view = bench.sim.view(id);
    return view.kind === 'motor' ? view.speed : Number.NaN;
  };
  /** 20 ms of PWM at 1 kHz with `duty` on `pin`. */
  const pwm = (pin: ArduinoPin, duty: number) => {
    for (let period = 0; period < 20; period++) {
      bench.drive(pin, true);
      bench.wait(1000 * duty);
      bench.drive(pin, false);
      bench.wait(1000 * (1 - duty));
    }
  };
  return { ...bench, speed, pwm };
}

describe('L298N with two DC motors', () => {
  it('stands still with all inputs low', () => {
    const { speed, wait } = motorBench();
    wait(40_000);
    expect(speed('left')).toBe(0);
    expect(speed('right')).toBe(0);
  });

  it('turns a motor forwards at the PWM duty on IN1 with IN2 low, backwards the other way round', () => {
    const { speed, pwm, drive, wait } = motorBench();
    drive('D6', false);
    pwm('D5', 0.25);
    expect(speed('left')).toBeCloseTo(0.25, 1);
    drive('D5', false);
    pwm('D6', 0.75);
    expect(speed('left')).toBeCloseTo(-0.75, 1);
    drive('D6', true);
    wait(40_000);
    expect(speed('left')).toBe(-1);
  });

  it('brakes with both inputs high', () => {
    const { speed, drive, wait } = motorBench();
    drive('D5', true);
    drive('D6', true);
    wait(40_000);
    expect(speed('left')).toBe(0);
  });

  it('follows the wires: a motor with its leads swapped turns the other way', () => {
    const { speed, drive, wait } = motorBench();
    drive('D9', true);
    wait(40_000);
    expect(speed('right')).toBe(-1);
    expect(speed('left')).toBe(0);
  });
});
