import type { Board } from './projects.ts';
import { wiring as airQualityMonitor } from './tutorials/air-quality-monitor/wiring.ts';
import { wiring as gasLeakAlarmRobot } from './tutorials/gas-leak-alarm-robot/wiring.ts';
import { wiring as lineFollowingRobot } from './tutorials/line-following-robot/wiring.ts';
import { wiring as medicalAssistanceRobot } from './tutorials/medical-assistance-robot/wiring.ts';
import { wiring as plantWateringRobot } from './tutorials/plant-watering-robot/wiring.ts';
import { wiring as smartIrrigationRobot } from './tutorials/smart-irrigation-robot/wiring.ts';
import { wiring as solarTrackingRobot } from './tutorials/solar-tracking-robot/wiring.ts';
import { wiring as wasteSortingRobot } from './tutorials/waste-sorting-robot/wiring.ts';
import { wiring as waterQualityRobot } from './tutorials/water-quality-robot/wiring.ts';

// The wiring and the per-step data of each tutorial. Kept out of projects.ts so the /projects page bundle does not
// carry it. Each tutorial matches its project (same slug and board) and its sketch in sketches/<slug>.ino: the Arduino
// pins here are the sketch's *_PIN constants, and tutorials.test.ts checks that they agree.

export type WireColor =
  | 'red'
  | 'black'
  | 'yellow'
  | 'green'
  | 'blue'
  | 'orange'
  | 'white'
  | 'purple'
  | 'brown'
  | 'grey';

/**
 * What a part is, whatever the tutorial calls it: the simulator models each kind from its
 * datasheet (src/device/simulator/parts), so a new tutorial made of known kinds simulates as it is.
 */
export type PartKind =
  | 'arduino'
  | 'breadboard-rail'
  | 'battery'
  | 'soil-moisture-sensor'
  | 'moisture-board'
  | 'relay-module'
  | 'water-pump'
  | 'ir-line-sensor'
  | 'ir-obstacle-sensor'
  | 'l298n-driver'
  | 'dc-motor'
  | 'mq135'
  | 'mq2'
  | 'dht11'
  | 'lcd-i2c'
  | 'lcd-parallel'
  | 'led'
  | 'active-buzzer'
  | 'inductive-sensor'
  | 'servo-sg90'
  | 'servo-mg996r'
  | 'ldr'
  | 'resistor-10k'
  | 'ph-sensor'
  | 'tds-sensor'
  | 'turbidity-sensor'
  | 'thermistor'
  | 'ds3231'
  | 'uln2003-stepper'
  | 'push-button'
  | 'potentiometer'
  | 'hc-sr04'
  | 'passive-buzzer';

/** A part in the wiring diagram, with only the pins that are used. */
export interface WiringPart {
  readonly id: string; // e.g. 'arduino', 'soil'; never contains a dot
  readonly kind: PartKind;
  readonly label: string; // e.g. 'Soil moisture sensor'
  readonly pins: readonly string[]; // e.g. ['VCC', 'GND', 'AOUT']; Arduino pins: 'D2'…'D13', 'A0'…'A5', '5V', 'GND', 'VIN'
}

/** One jumper wire (or lead) between two pins, each written "partId.pin", e.g. 'soil.AOUT' → 'arduino.A0'. */
export interface Wire {
  readonly from: string;
  readonly to: string;
  readonly color: WireColor;
  readonly step?: number; // 0-based index of the project step that adds this wire
}

/** The lines of the sketch (1-based, inclusive) that a step changes or explains. */
export interface CodeRef {
  readonly step: number; // 0-based index of the project step
  readonly from: number;
  readonly to: number;
}

/**
 * A board and the parts wired to it: what the simulator runs a program on and the wiring diagram
 * draws. Each tutorial is one; the trainer board (trainer-board.ts) is another.
 */
export interface Circuit {
  readonly slug: string;
  readonly board: Board;
  readonly parts: readonly WiringPart[];
  readonly wires: readonly Wire[];
}

export interface Tutorial extends Circuit {
  readonly projectId: number;
  readonly codeRefs: readonly CodeRef[];
}

/** Each tutorial's circuit, from its folder (tutorials/<slug>/wiring.ts). */
export const TUTORIALS: readonly Tutorial[] = [
  plantWateringRobot,
  lineFollowingRobot,
  airQualityMonitor,
  wasteSortingRobot,
  solarTrackingRobot,
  gasLeakAlarmRobot,
  waterQualityRobot,
  smartIrrigationRobot,
  medicalAssistanceRobot,
];

export function findTutorial(slug: string): Tutorial | undefined {
  return TUTORIALS.find((tutorial) => tutorial.slug === slug);
}

/** Splits a wire end "partId.pin" at its first dot (pins such as "3.3V" contain dots themselves). */
export function splitWireEnd(end: string): { readonly part: string; readonly pin: string } {
  const dot = end.indexOf('.');
  return dot < 0 ? { part: end, pin: '' } : { part: end.slice(0, dot), pin: end.slice(dot + 1) };
}

function describeEnd(tutorial: Tutorial, end: string): string {
  const { part, pin } = splitWireEnd(end);
  const label = tutorial.parts.find((p) => p.id === part)?.label ?? part;
  return pin ? `${label} ${pin}` : label;
}

/** A wire in words, e.g. "Soil moisture sensor AOUT → Arduino Uno A0, yellow wire". */
export function describeWire(tutorial: Tutorial, wire: Wire): string {
  return `${describeEnd(tutorial, wire.from)} → ${describeEnd(tutorial, wire.to)}, ${wire.color} wire`;
}

/** The wires a step adds, in diagram order. */
export function wiresForStep(tutorial: Tutorial, step: number): readonly Wire[] {
  return tutorial.wires.filter((wire) => wire.step === step);
}

/** The sketch lines a step changes or explains. */
export function codeRefsForStep(tutorial: Tutorial, step: number): readonly CodeRef[] {
  return tutorial.codeRefs.filter((ref) => ref.step === step);
}
