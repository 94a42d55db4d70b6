import type { PartFactory } from './part.ts';
import { requireArduinoPin } from './part.ts';

/*
 * The 28BYJ-48 stepper on its ULN2003 board, one part as the tutorial wires it: IN1–IN4 switch the
 * coils A–D. The rotor follows the coils that are on: one coil or two neighbours pull it to one of
 * eight half-step positions (A, AB, B, BC, C, CD, D, DA), so the full-step order AB → BC → CD → DA
 * (the sketch's STEP_PATTERN) turns it one way and the reverse the other; half-stepping and
 * single-coil (wave) drive move it the same way. Through its 1:64 gearbox, 2048 full steps make
 * one turn of the shaft (the sketch's STEPS_PER_TURN).
 */

export const FULL_STEPS_PER_TURN = 2048;
const HALF_STEPS = 8;

/** The half-step position each set of coils holds the rotor at, coils as bits IN1 (8) … IN4 (1). */
const POSITION_OF_COILS: ReadonlyMap<number, number> = new Map([
  [0b1000, 0],
  [0b1100, 1],
  [0b0100, 2],
  [0b0110, 3],
  [0b0010, 4],
  [0b0011, 5],
  [0b0001, 6],
  [0b1001, 7],
]);
/**
 * How long a set of coils must stay on to pull the rotor (the motor manages about 500 steps a
 * second): the in-between sets a sketch makes while it switches the four pins one after another
 * last a few microseconds and move nothing.
 */
const PULL_MICROS = 100;
/** At power-on the rotor rests where IN1 and IN2 hold it: the first entry of the sketch's STEP_PATTERN. */
const START_POSITION = 1;

export const uln2003Stepper: PartFactory = (context) => {
  const { board } = context;
  const inputs = ['IN1', 'IN2', 'IN3', 'IN4'].map((pin) => requireArduinoPin(context, pin));
  let position = START_POSITION;
  let halfSteps = 0;
  let coils = 0;
  let coilsSince = 0;
  /** The rotor follows the coils once they have been on long enough to pull it. */
  const follow = () => {
    if (board.micros - coilsSince < PULL_MICROS) return;
    const next = POSITION_OF_COILS.get(coils);
    // With all coils off, three on, or two opposite ones, nothing pulls the rotor to a new position.
    if (next === undefined) return;
    const move = (next - position + HALF_STEPS) % HALF_STEPS;
    // Four half-steps away is the opposite pole: the rotor cannot tell which way to go and stays.
    if (move === HALF_STEPS / 2) return;
    halfSteps += move < HALF_STEPS / 2 ? move : move - HALF_STEPS;
    position = next;
  };
  const coilsChanged = () => {
    follow();
    coils = inputs.reduce((bits, pin) => (bits << 1) | (board.isHigh(pin) ? 1 : 0), 0);
    coilsSince = board.micros;
  };
  for (const pin of inputs) board.onPinChange(pin, coilsChanged);
  return {
    part: context.part,
    controls: () => [],
    setControl: () => {},
    view: () => {
      follow();
      const steps = halfSteps / 2;
      return { kind: 'stepper', angle: (steps * 360) / FULL_STEPS_PER_TURN, steps };
    },
  };
};
