import type { Circuit, PartKind, WiringPart } from '#shared/content/tutorials.ts';
import { splitWireEnd } from '#shared/content/tutorials.ts';

/*
 * What the blocks know about a circuit: which of its parts a block can name, and which board pin
 * each of them is on. A part kind a block serves is in PART_ROLES; any other part (a rail, a
 * battery, a motor behind a driver) has no block.
 */

/** What a block does with a part, whatever the part is called. */
export type PartRole =
  | 'switched' // on/off from one output pin: an LED, a relay, an active buzzer
  | 'button' // a push button: pressed or not
  | 'detector' // a module with a digital output that says yes or no: an IR or inductive sensor
  | 'analog' // a sensor or knob read with analogRead, 0–1023
  | 'sonar' // the HC-SR04: distance in cm
  | 'servo'
  | 'tone' // a passive buzzer: tone() and noTone()
  | 'lcd' // a 16×2 I²C LCD
  | 'dht'; // a DHT11: temperature and humidity

export const PART_ROLES: Readonly<Partial<Record<PartKind, PartRole>>> = {
  led: 'switched',
  'relay-module': 'switched',
  'active-buzzer': 'switched',
  'push-button': 'button',
  'ir-line-sensor': 'detector',
  'ir-obstacle-sensor': 'detector',
  'inductive-sensor': 'detector',
  potentiometer: 'analog',
  'soil-moisture-sensor': 'analog',
  'moisture-board': 'analog',
  mq2: 'analog',
  mq135: 'analog',
  ldr: 'analog',
  thermistor: 'analog',
  'ph-sensor': 'analog',
  'tds-sensor': 'analog',
  'turbidity-sensor': 'analog',
  'hc-sr04': 'sonar',
  'servo-sg90': 'servo',
  'servo-mg996r': 'servo',
  'passive-buzzer': 'tone',
  'lcd-i2c': 'lcd',
  dht11: 'dht',
};

/** Which level a detector's output has while it detects (from its datasheet, as the simulator models it). */
export const DETECTING_LEVEL: Readonly<Partial<Record<PartKind, 'HIGH' | 'LOW'>>> = {
  'ir-line-sensor': 'HIGH', // over the black line: no reflection
  'ir-obstacle-sensor': 'LOW',
  'inductive-sensor': 'LOW', // an open collector: needs the pin's pull-up
};

/** The board pins of one part: its own pin name → the pin as a sketch writes it (`6`, `A0`). */
export function boardPinsOf(circuit: Circuit, partId: string): ReadonlyMap<string, string> {
  const pins = new Map<string, string>();
  for (const wire of circuit.wires) {
    const [a, b] = [splitWireEnd(wire.from), splitWireEnd(wire.to)];
    const [board, other] = a.part === 'arduino' ? [a, b] : b.part === 'arduino' ? [b, a] : [null, null];
    if (board && other?.part === partId && /^[DA]\d+$/.test(board.pin)) {
      pins.set(other.pin, board.pin.startsWith('D') ? board.pin.slice(1) : board.pin);
    }
  }
  return pins;
}

/** Whether the part's other end goes to ground (a button to GND reads LOW when pressed, with the pull-up). */
export function isWiredToGround(circuit: Circuit, partId: string): boolean {
  return circuit.wires.some((wire) => {
    const [a, b] = [splitWireEnd(wire.from), splitWireEnd(wire.to)];
    const [, other] = a.part === partId ? [a, b] : b.part === partId ? [b, a] : [null, null];
    return other !== null && (other.pin === '-' || other.pin === 'GND') && other.part !== partId;
  });
}

/** The level a button's pin reads while pressed: LOW for a button to ground (with the pin's pull-up), else HIGH. */
export function pressedLevel(circuit: Circuit, partId: string): 'LOW' | 'HIGH' {
  return isWiredToGround(circuit, partId) ? 'LOW' : 'HIGH';
}

/**
 * The circuit's parts a block of that role can name: those of its kinds that are wired to the
 * board (an I²C LCD is wired to A4/A5, so it counts too), in the circuit's order.
 */
export function partsWithRole(circuit: Circuit, role: PartRole): readonly WiringPart[] {
  return circuit.parts.filter((part) => PART_ROLES[part.kind] === role && boardPinsOf(circuit, part.id).size > 0);
}

/** The part of that id if a block of that role can name it on this circuit. */
export function findPart(circuit: Circuit, role: PartRole, partId: string): WiringPart | undefined {
  return partsWithRole(circuit, role).find((part) => part.id === partId);
}

/** The one board pin a single-signal part is on: the wiper of a knob, the signal of a servo, the + of an LED. */
export function signalPin(circuit: Circuit, part: WiringPart): string {
  const pins = boardPinsOf(circuit, part.id);
  const pin = pins.get('wiper') ?? pins.get('signal') ?? pins.values().next().value;
  if (pin === undefined) throw new Error(`${part.label} is not wired to the board`);
  return pin;
}

/** A part id as a C++ constant's name: `redLed` → `RED_LED`, `mq2` → `MQ2`. */
export function constantName(partId: string): string {
  return partId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/** A part id as a C++ object's name (a Servo, the LCD): the id itself, which is already camelCase. */
export function objectName(partId: string): string {
  const name = partId.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(name) ? `part_${name}` : name;
}
