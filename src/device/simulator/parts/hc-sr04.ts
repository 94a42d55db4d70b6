import type { PartFactory } from './part.ts';
import { requireArduinoPin } from './part.ts';

/*
 * The HC-SR04 ultrasonic distance sensor, from its datasheet (Elec Freaks, "Ultrasonic Ranging
 * Module HC-SR04"): a high pulse of at least 10 µs on TRIG makes it send eight 40 kHz cycles, then
 * raise ECHO for as long as the sound took to reach the object and come back: distance in cm × 58
 * µs. The learner sets the distance with a slider in the datasheet's range, 2–400 cm.
 */

/** The shortest trigger the module answers. */
const TRIGGER_US = 10;
/** From the end of the trigger to ECHO rising: the eight-cycle burst (200 µs) and the module's own start-up. */
const ECHO_DELAY_US = 450;
/** The round trip of sound per centimetre of distance (datasheet: µs / 58 = cm). */
const US_PER_CM = 58;
const MIN_CM = 2;
const MAX_CM = 400;

export const hcSr04: PartFactory = (context) => {
  const { board } = context;
  const trig = requireArduinoPin(context, 'TRIG');
  const echo = requireArduinoPin(context, 'ECHO');
  let distanceCm = 100;
  let risingAt: number | undefined;
  /** Until when the module is busy with its last measurement: a trigger meanwhile is ignored, as the module does. */
  let busyUntil = Number.NEGATIVE_INFINITY;
  board.setInput(echo, false);
  board.onPinChange(trig, (high, micros) => {
    if (high) {
      risingAt = micros;
      return;
    }
    if (risingAt === undefined) return;
    const width = micros - risingAt;
    risingAt = undefined;
    if (width < TRIGGER_US || micros < busyUntil) return;
    const echoUs = distanceCm * US_PER_CM;
    busyUntil = micros + ECHO_DELAY_US + echoUs;
    board.after(ECHO_DELAY_US, () => {
      board.setInput(echo, true);
      board.after(echoUs, () => board.setInput(echo, false));
    });
  });
  return {
    part: context.part,
    controls: () => [
      {
        type: 'slider',
        key: 'cm',
        label: `${context.part.label}: how far away something is`,
        min: MIN_CM,
        max: MAX_CM,
        step: 1,
        unit: 'cm',
        value: distanceCm,
      },
    ],
    setControl: (key, value) => {
      if (key !== 'cm') return;
      distanceCm = Math.min(MAX_CM, Math.max(MIN_CM, value));
    },
    view: () => ({ kind: 'input' }),
  };
};
