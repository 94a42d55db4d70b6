import type { WiringPart } from '#shared/content/tutorials.ts';
import type { ArduinoPin, SimBoard } from '../board.ts';

/*
 * What every part model is: made from the part's wiring (which Arduino pin or supply each of its
 * pins reaches), it reads the board's outputs and drives its inputs, offers the learner its
 * controls, and describes what it shows now. Models are written from the parts' datasheets; a
 * tutorial's parts are found by `kind` (src/shared/content/tutorials.ts), so a new tutorial made of
 * known kinds simulates with no code.
 */

/** A control the learner moves: a slider (a sensor's reading) or a switch (something seen or pressed). */
export type Control =
  | {
      readonly type: 'slider';
      readonly key: string;
      /** Its accessible name, e.g. 'Soil moisture sensor' or 'DHT11 sensor: temperature'. */
      readonly label: string;
      readonly min: number;
      readonly max: number;
      readonly step: number;
      readonly unit?: string;
      /** What its two ends mean in the part's words, e.g. ['dry', 'wet']. */
      readonly ends?: readonly string[];
      readonly value: number;
    }
  | {
      readonly type: 'switch';
      readonly key: string;
      readonly label: string;
      /** What "on" means, e.g. 'Item in front' or 'Pressed'. */
      readonly onText: string;
      readonly offText: string;
      /** A push button springs back: the page holds it only while pressed. */
      readonly momentary?: boolean;
      readonly value: number;
    };

/** What a part shows now: a small, serialisable record the page draws and the scenarios assert. */
export type PartView =
  | { readonly kind: 'led'; readonly brightness: number }
  | { readonly kind: 'buzzer'; readonly sounding: boolean }
  | { readonly kind: 'relay'; readonly closed: boolean }
  | { readonly kind: 'pump'; readonly running: boolean }
  | { readonly kind: 'motor'; readonly speed: number } // −1 (full reverse) … 1 (full forward)
  | { readonly kind: 'servo'; readonly angle: number } // degrees
  | { readonly kind: 'stepper'; readonly angle: number; readonly steps: number }
  | { readonly kind: 'lcd'; readonly lines: readonly string[]; readonly backlight: boolean }
  | { readonly kind: 'clock'; readonly time: string } // the DS3231's time, 'YYYY-MM-DD HH:MM:SS'
  | { readonly kind: 'input' }
  | { readonly kind: 'passive' };

export interface PartModel {
  readonly part: WiringPart;
  controls(): readonly Control[];
  setControl(key: string, value: number): void;
  view(): PartView;
  /** Called by the simulation every few milliseconds of simulated time, for models that sample. */
  update?(): void;
  /**
   * What the part drives onto one of its output pins, as a fraction of its supply (PWM averaged):
   * for parts that power other parts, such as a motor driver's OUT pins. Undefined for a pin it
   * does not drive.
   */
  output?(pin: string): number | undefined;
}

/** How one pin of a part is wired. */
export interface PinWiring {
  /** The Arduino pin it reaches through wires, if any. */
  readonly arduino?: ArduinoPin;
  /** The supply it reaches: the 5 V rail, ground, or a battery's plus. */
  readonly supply?: 'vcc' | 'gnd' | 'battery';
  /** The other parts' pins on the same connection, as 'partId.pin'. */
  readonly peers: readonly string[];
}

export interface PartContext {
  readonly board: SimBoard;
  readonly part: WiringPart;
  /** The wall-clock time at power-on (a real-time clock's time when the simulation starts). */
  readonly startTime: Date;
  /** How a pin of this part (or of the part `partId`) is wired. */
  wiring(pin: string, partId?: string): PinWiring;
  /** The model of another part of the circuit (built before or after this one), for parts that act through another (a pump through its relay). */
  model(partId: string): PartModel | undefined;
}

export type PartFactory = (context: PartContext) => PartModel;

/** A part with nothing to simulate: the board itself, breadboard rails, batteries, fixed resistors. */
export const passivePart: PartFactory = ({ part }) => ({
  part,
  controls: () => [],
  setControl: () => {},
  view: () => ({ kind: 'passive' }),
});

/** The Arduino pin a part's pin is wired to; the circuit data is wrong if it is not. */
export function requireArduinoPin(context: PartContext, pin: string): ArduinoPin {
  const arduino = context.wiring(pin).arduino;
  if (!arduino) throw new Error(`${context.part.id}.${pin} is not wired to an Arduino pin`);
  return arduino;
}
