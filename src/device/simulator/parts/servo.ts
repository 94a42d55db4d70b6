import type { PartFactory } from './part.ts';
import { requireArduinoPin } from './part.ts';

/*
 * Hobby servos: the width of each pulse on the signal wire (one every 20 ms) sets the angle the arm
 * turns to, at the speed the datasheet gives. The sketches make the pulses themselves, so the
 * model measures each one from its rising to its falling edge.
 */

interface ServoSpec {
  /** Pulse widths for 0° and 180° (the sketches' SERVO_MIN_US and SERVO_MAX_US). */
  readonly zeroUs: number;
  readonly fullUs: number;
  /** No-load speed at 4.8 V, in seconds per 60°. */
  readonly secondsPer60: number;
}

/** Anything outside this is not a servo pulse (a pin left high, a fast-forward in the middle of one). */
const SHORTEST_PULSE_US = 100;
const LONGEST_PULSE_US = 5_000;
/**
 * The arm is driven towards the last pulse's angle only while pulses keep coming (an analog servo's
 * amplifier runs briefly after each one): without them it stays where it is.
 */
const DRIVEN_AFTER_PULSE_US = 50_000;
/** Where the arm is before the first pulse: the middle, as servos are shipped. */
const START_ANGLE = 90;

/** The angle a pulse asks for: linear between the two end widths, clamped to the arm's 0–180°. */
function servoAngle(spec: ServoSpec, widthUs: number): number {
  const angle = ((widthUs - spec.zeroUs) / (spec.fullUs - spec.zeroUs)) * 180;
  return Math.min(180, Math.max(0, angle));
}

function servo(spec: ServoSpec): PartFactory {
  return (context) => {
    const { board } = context;
    const signal = requireArduinoPin(context, 'signal');
    const degreesPerMicro = 60 / (spec.secondsPer60 * 1_000_000);
    let angle = START_ANGLE;
    let target = START_ANGLE;
    let risingAt: number | undefined;
    let lastPulseAt = Number.NEGATIVE_INFINITY;
    let updatedAt = board.micros;
    board.onPinChange(signal, (high, micros) => {
      if (high) {
        risingAt = micros;
        return;
      }
      if (risingAt === undefined) return;
      const width = micros - risingAt;
      risingAt = undefined;
      if (width < SHORTEST_PULSE_US || width > LONGEST_PULSE_US) return;
      target = servoAngle(spec, width);
      lastPulseAt = micros;
    });
    return {
      part: context.part,
      controls: () => [],
      setControl: () => {},
      update: () => {
        const now = board.micros;
        const drivenMicros = Math.min(now, lastPulseAt + DRIVEN_AFTER_PULSE_US) - updatedAt;
        updatedAt = now;
        if (drivenMicros <= 0) return;
        const reach = drivenMicros * degreesPerMicro;
        angle = target > angle ? Math.min(target, angle + reach) : Math.max(target, angle - reach);
      },
      view: () => ({ kind: 'servo', angle: Math.round(angle * 10) / 10 }),
    };
  };
}

/** TowerPro SG90 micro servo: 0.1 s/60° at 4.8 V. */
export const servoSg90 = servo({ zeroUs: 500, fullUs: 2400, secondsPer60: 0.1 });
/** TowerPro MG996R metal-gear servo: 0.17 s/60° at 4.8 V (0.14 s at 6 V). */
export const servoMg996r = servo({ zeroUs: 500, fullUs: 2400, secondsPer60: 0.17 });
