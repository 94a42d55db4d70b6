import type { Board } from './projects.ts';

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

// Parts that several tutorials share. Every module takes 5 V and GND from the breadboard's rails, because the
// Arduino has only one 5V pin.
const RAIL: WiringPart = { id: 'rail', kind: 'breadboard-rail', label: 'Breadboard rail', pins: ['+', '-'] };
const LCD: WiringPart = {
  id: 'lcd',
  kind: 'lcd-i2c',
  label: '16×2 LCD (I2C backpack)',
  pins: ['VCC', 'GND', 'SDA', 'SCL'],
};

function arduino(board: Board, pins: readonly string[]): WiringPart {
  const label = board === 'uno' ? 'Arduino Uno' : board === 'nano' ? 'Arduino Nano' : 'Arduino Mega 2560';
  return { id: 'arduino', kind: 'arduino', label, pins };
}

/** The two wires that bring the Arduino's 5V and GND to the breadboard rails. */
function railWires(step: number): Wire[] {
  return [
    { from: 'arduino.5V', to: 'rail.+', color: 'red', step },
    { from: 'arduino.GND', to: 'rail.-', color: 'black', step },
  ];
}

/** A module's power pins to the rails. */
function powerWires(part: string, step: number, plus = 'VCC', minus = 'GND'): Wire[] {
  return [
    { from: `${part}.${plus}`, to: 'rail.+', color: 'red', step },
    { from: `${part}.${minus}`, to: 'rail.-', color: 'black', step },
  ];
}

/** The I2C LCD on an Uno or Nano: SDA is A4 and SCL is A5. */
function lcdWires(step: number): Wire[] {
  return [
    ...powerWires('lcd', step),
    { from: 'lcd.SDA', to: 'arduino.A4', color: 'blue', step },
    { from: 'lcd.SCL', to: 'arduino.A5', color: 'yellow', step },
  ];
}

export const TUTORIALS: readonly Tutorial[] = [
  {
    projectId: 1,
    slug: 'plant-watering-robot',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'D7', 'A0']),
      RAIL,
      { id: 'soil', kind: 'soil-moisture-sensor', label: 'Soil moisture sensor', pins: ['VCC', 'GND', 'AOUT'] },
      { id: 'relay', kind: 'relay-module', label: 'Relay module', pins: ['VCC', 'GND', 'IN', 'COM', 'NO'] },
      { id: 'pump', kind: 'water-pump', label: 'Water pump', pins: ['+', '-'] },
      { id: 'battery', kind: 'battery', label: '4 × AA battery pack', pins: ['+', '-'] },
    ],
    wires: [
      ...railWires(1),
      ...powerWires('soil', 2),
      { from: 'soil.AOUT', to: 'arduino.A0', color: 'yellow', step: 2 },
      ...powerWires('relay', 5),
      { from: 'relay.IN', to: 'arduino.D7', color: 'orange', step: 5 },
      { from: 'battery.+', to: 'relay.COM', color: 'red', step: 5 },
      { from: 'relay.NO', to: 'pump.+', color: 'red', step: 5 },
      { from: 'pump.-', to: 'battery.-', color: 'black', step: 5 },
    ],
    codeRefs: [
      { step: 3, from: 77, to: 84 },
      { step: 4, from: 19, to: 23 },
      { step: 5, from: 15, to: 17 },
      { step: 7, from: 25, to: 26 },
      { step: 7, from: 102, to: 107 },
      { step: 8, from: 30, to: 33 },
      { step: 9, from: 28, to: 28 },
      { step: 9, from: 94, to: 107 },
      { step: 10, from: 23, to: 25 },
    ],
  },
  {
    projectId: 2,
    slug: 'line-following-robot',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'VIN', 'D2', 'D3', 'D5', 'D6', 'D9', 'D10']),
      RAIL,
      { id: 'leftSensor', kind: 'ir-line-sensor', label: 'Left IR sensor', pins: ['VCC', 'GND', 'OUT'] },
      { id: 'rightSensor', kind: 'ir-line-sensor', label: 'Right IR sensor', pins: ['VCC', 'GND', 'OUT'] },
      {
        id: 'driver',
        kind: 'l298n-driver',
        label: 'L298N motor driver',
        pins: ['IN1', 'IN2', 'IN3', 'IN4', '12V', 'GND', 'OUT1', 'OUT2', 'OUT3', 'OUT4'],
      },
      { id: 'leftMotor', kind: 'dc-motor', label: 'Left motor', pins: ['+', '-'] },
      { id: 'rightMotor', kind: 'dc-motor', label: 'Right motor', pins: ['+', '-'] },
      { id: 'battery', kind: 'battery', label: '6 × AA battery pack', pins: ['+', '-'] },
    ],
    wires: [
      ...railWires(2),
      ...powerWires('leftSensor', 2),
      { from: 'leftSensor.OUT', to: 'arduino.D2', color: 'green', step: 2 },
      ...powerWires('rightSensor', 2),
      { from: 'rightSensor.OUT', to: 'arduino.D3', color: 'blue', step: 2 },
      { from: 'leftMotor.+', to: 'driver.OUT1', color: 'red', step: 3 },
      { from: 'leftMotor.-', to: 'driver.OUT2', color: 'black', step: 3 },
      { from: 'rightMotor.+', to: 'driver.OUT3', color: 'red', step: 3 },
      { from: 'rightMotor.-', to: 'driver.OUT4', color: 'black', step: 3 },
      { from: 'driver.IN1', to: 'arduino.D5', color: 'yellow', step: 3 },
      { from: 'driver.IN2', to: 'arduino.D6', color: 'orange', step: 3 },
      { from: 'driver.IN3', to: 'arduino.D9', color: 'purple', step: 3 },
      { from: 'driver.IN4', to: 'arduino.D10', color: 'white', step: 3 },
      { from: 'battery.+', to: 'driver.12V', color: 'red', step: 4 },
      { from: 'battery.-', to: 'driver.GND', color: 'black', step: 4 },
      { from: 'driver.12V', to: 'arduino.VIN', color: 'red', step: 4 },
      { from: 'driver.GND', to: 'arduino.GND', color: 'black', step: 4 },
    ],
    codeRefs: [
      { step: 2, from: 16, to: 18 },
      { step: 3, from: 19, to: 24 },
      { step: 3, from: 43, to: 54 },
      { step: 5, from: 39, to: 41 },
      { step: 5, from: 71, to: 80 },
      { step: 6, from: 27, to: 29 },
      { step: 6, from: 90, to: 98 },
      { step: 7, from: 100, to: 112 },
      { step: 9, from: 31, to: 32 },
      { step: 10, from: 31, to: 37 },
    ],
  },
  {
    projectId: 3,
    slug: 'air-quality-monitor',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'D2', 'D5', 'D6', 'A0', 'A4', 'A5']),
      RAIL,
      { id: 'mq135', kind: 'mq135', label: 'MQ-135 gas sensor', pins: ['VCC', 'GND', 'AO'] },
      { id: 'dht', kind: 'dht11', label: 'DHT11 sensor', pins: ['VCC', 'GND', 'DATA'] },
      LCD,
      { id: 'greenLed', kind: 'led', label: 'Green LED with 220 Ω resistor', pins: ['+', '-'] },
      { id: 'redLed', kind: 'led', label: 'Red LED with 220 Ω resistor', pins: ['+', '-'] },
    ],
    wires: [
      ...railWires(0),
      ...powerWires('mq135', 0),
      { from: 'mq135.AO', to: 'arduino.A0', color: 'yellow', step: 0 },
      ...powerWires('dht', 1),
      { from: 'dht.DATA', to: 'arduino.D2', color: 'green', step: 1 },
      ...lcdWires(2),
      { from: 'greenLed.+', to: 'arduino.D5', color: 'green', step: 3 },
      { from: 'greenLed.-', to: 'rail.-', color: 'black', step: 3 },
      { from: 'redLed.+', to: 'arduino.D6', color: 'orange', step: 3 },
      { from: 'redLed.-', to: 'rail.-', color: 'black', step: 3 },
    ],
    codeRefs: [
      { step: 0, from: 20, to: 20 },
      { step: 1, from: 21, to: 21 },
      { step: 2, from: 24, to: 24 },
      { step: 3, from: 22, to: 23 },
      { step: 4, from: 42, to: 46 },
      { step: 5, from: 106, to: 137 },
      { step: 6, from: 32, to: 33 },
      { step: 6, from: 197, to: 201 },
      { step: 7, from: 27, to: 29 },
      { step: 8, from: 30, to: 31 },
      { step: 8, from: 149, to: 158 },
      { step: 8, from: 205, to: 207 },
    ],
  },
  {
    projectId: 4,
    slug: 'waste-sorting-robot',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'D2', 'D3', 'D9', 'D10', 'A0']),
      RAIL,
      { id: 'ir', kind: 'ir-obstacle-sensor', label: 'IR obstacle sensor', pins: ['VCC', 'GND', 'OUT'] },
      { id: 'moisture', kind: 'moisture-board', label: 'Moisture sensor board', pins: ['VCC', 'GND', 'AO'] },
      {
        id: 'metal',
        kind: 'inductive-sensor',
        label: 'Inductive metal sensor (5 V)',
        pins: ['brown', 'blue', 'black'],
      },
      { id: 'trapdoor', kind: 'servo-sg90', label: 'Trapdoor servo (SG90)', pins: ['signal', 'V+', 'GND'] },
      { id: 'chute', kind: 'servo-mg996r', label: 'Chute servo (MG996R)', pins: ['signal', 'V+', 'GND'] },
      { id: 'battery', kind: 'battery', label: '4 × AA battery pack (6 V)', pins: ['+', '-'] },
    ],
    wires: [
      ...railWires(2),
      ...powerWires('ir', 2),
      { from: 'ir.OUT', to: 'arduino.D2', color: 'green', step: 2 },
      ...powerWires('moisture', 2),
      { from: 'moisture.AO', to: 'arduino.A0', color: 'yellow', step: 2 },
      // The metal sensor's own leads: brown is +, blue is −, black is the output.
      { from: 'metal.brown', to: 'rail.+', color: 'brown', step: 3 },
      { from: 'metal.blue', to: 'rail.-', color: 'blue', step: 3 },
      { from: 'metal.black', to: 'arduino.D3', color: 'black', step: 3 },
      // Servo leads: orange is the signal, red is +, brown is −. The servos run from the battery pack.
      { from: 'trapdoor.signal', to: 'arduino.D9', color: 'orange', step: 4 },
      { from: 'trapdoor.V+', to: 'battery.+', color: 'red', step: 4 },
      { from: 'trapdoor.GND', to: 'battery.-', color: 'brown', step: 4 },
      { from: 'chute.signal', to: 'arduino.D10', color: 'orange', step: 4 },
      { from: 'chute.V+', to: 'battery.+', color: 'red', step: 4 },
      { from: 'chute.GND', to: 'battery.-', color: 'brown', step: 4 },
      { from: 'battery.-', to: 'rail.-', color: 'black', step: 4 },
    ],
    codeRefs: [
      { step: 2, from: 19, to: 19 },
      { step: 2, from: 21, to: 21 },
      { step: 3, from: 20, to: 20 },
      { step: 3, from: 85, to: 96 },
      { step: 4, from: 22, to: 23 },
      { step: 5, from: 53, to: 75 },
      { step: 6, from: 31, to: 36 },
      { step: 7, from: 28, to: 30 },
      { step: 7, from: 47, to: 48 },
      { step: 8, from: 98, to: 122 },
      { step: 9, from: 28, to: 30 },
    ],
  },
  {
    projectId: 5,
    slug: 'solar-tracking-robot',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'D9', 'A0', 'A1']),
      RAIL,
      { id: 'servo', kind: 'servo-sg90', label: 'Servo (SG90)', pins: ['signal', 'V+', 'GND'] },
      { id: 'eastLdr', kind: 'ldr', label: 'East LDR', pins: ['leg 1', 'leg 2'] },
      { id: 'eastResistor', kind: 'resistor-10k', label: '10 kΩ resistor (east)', pins: ['leg 1', 'leg 2'] },
      { id: 'westLdr', kind: 'ldr', label: 'West LDR', pins: ['leg 1', 'leg 2'] },
      { id: 'westResistor', kind: 'resistor-10k', label: '10 kΩ resistor (west)', pins: ['leg 1', 'leg 2'] },
    ],
    wires: [
      ...railWires(0),
      { from: 'servo.signal', to: 'arduino.D9', color: 'orange', step: 0 },
      { from: 'servo.V+', to: 'rail.+', color: 'red', step: 0 },
      { from: 'servo.GND', to: 'rail.-', color: 'brown', step: 0 },
      // Each LDR and its resistor make a voltage divider; the point between them goes to an analog pin.
      { from: 'eastLdr.leg 1', to: 'rail.+', color: 'red', step: 3 },
      { from: 'eastLdr.leg 2', to: 'arduino.A0', color: 'yellow', step: 3 },
      { from: 'eastResistor.leg 1', to: 'eastLdr.leg 2', color: 'yellow', step: 3 },
      { from: 'eastResistor.leg 2', to: 'rail.-', color: 'black', step: 3 },
      { from: 'westLdr.leg 1', to: 'rail.+', color: 'red', step: 3 },
      { from: 'westLdr.leg 2', to: 'arduino.A1', color: 'green', step: 3 },
      { from: 'westResistor.leg 1', to: 'westLdr.leg 2', color: 'green', step: 3 },
      { from: 'westResistor.leg 2', to: 'rail.-', color: 'black', step: 3 },
    ],
    codeRefs: [
      { step: 0, from: 18, to: 18 },
      { step: 1, from: 39, to: 40 },
      { step: 1, from: 100, to: 101 },
      { step: 3, from: 16, to: 17 },
      { step: 4, from: 21, to: 23 },
      { step: 5, from: 83, to: 90 },
      { step: 6, from: 26, to: 28 },
      { step: 7, from: 32, to: 34 },
      { step: 7, from: 71, to: 80 },
      { step: 8, from: 47, to: 55 },
      { step: 8, from: 35, to: 37 },
      { step: 9, from: 24, to: 25 },
    ],
  },
  {
    projectId: 6,
    slug: 'gas-leak-alarm-robot',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'D2', 'D3', 'D9', 'A0', 'A4', 'A5']),
      RAIL,
      { id: 'mq2', kind: 'mq2', label: 'MQ-2 gas sensor', pins: ['VCC', 'GND', 'AO'] },
      { id: 'buzzer', kind: 'active-buzzer', label: 'Active buzzer', pins: ['+', '-'] },
      { id: 'redLed', kind: 'led', label: 'Red LED with 220 Ω resistor', pins: ['+', '-'] },
      { id: 'greenLed', kind: 'led', label: 'Green LED with 220 Ω resistor', pins: ['+', '-'] },
      LCD,
    ],
    wires: [
      ...railWires(1),
      ...powerWires('mq2', 1),
      { from: 'mq2.AO', to: 'arduino.A0', color: 'yellow', step: 1 },
      { from: 'buzzer.+', to: 'arduino.D9', color: 'purple', step: 2 },
      { from: 'buzzer.-', to: 'rail.-', color: 'black', step: 2 },
      { from: 'redLed.+', to: 'arduino.D2', color: 'orange', step: 2 },
      { from: 'redLed.-', to: 'rail.-', color: 'black', step: 2 },
      { from: 'greenLed.+', to: 'arduino.D3', color: 'green', step: 2 },
      { from: 'greenLed.-', to: 'rail.-', color: 'black', step: 2 },
      ...lcdWires(3),
    ],
    codeRefs: [
      { step: 1, from: 20, to: 20 },
      { step: 2, from: 21, to: 23 },
      { step: 3, from: 24, to: 24 },
      { step: 3, from: 47, to: 47 },
      { step: 4, from: 31, to: 32 },
      { step: 4, from: 174, to: 183 },
      { step: 5, from: 27, to: 28 },
      { step: 6, from: 29, to: 30 },
      { step: 6, from: 107, to: 115 },
      { step: 7, from: 127, to: 147 },
      { step: 8, from: 29, to: 29 },
    ],
  },
  {
    projectId: 7,
    slug: 'water-quality-robot',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'A0', 'A1', 'A2', 'A3', 'A4', 'A5']),
      RAIL,
      { id: 'ph', kind: 'ph-sensor', label: 'pH board (PH-4502C)', pins: ['V+', 'G', 'Po'] },
      { id: 'tds', kind: 'tds-sensor', label: 'TDS board', pins: ['+', '-', 'A'] },
      { id: 'turbidity', kind: 'turbidity-sensor', label: 'Turbidity board', pins: ['V', 'G', 'A'] },
      { id: 'thermistor', kind: 'thermistor', label: 'Thermistor probe', pins: ['wire 1', 'wire 2'] },
      { id: 'resistor', kind: 'resistor-10k', label: '10 kΩ resistor', pins: ['leg 1', 'leg 2'] },
      LCD,
    ],
    wires: [
      ...railWires(1),
      ...powerWires('ph', 1, 'V+', 'G'),
      { from: 'ph.Po', to: 'arduino.A0', color: 'yellow', step: 1 },
      ...powerWires('tds', 1, '+', '-'),
      { from: 'tds.A', to: 'arduino.A1', color: 'green', step: 1 },
      ...powerWires('turbidity', 1, 'V', 'G'),
      { from: 'turbidity.A', to: 'arduino.A2', color: 'blue', step: 1 },
      // The thermistor and the resistor make a voltage divider; the point between them goes to A3.
      { from: 'thermistor.wire 1', to: 'rail.+', color: 'red', step: 2 },
      { from: 'thermistor.wire 2', to: 'arduino.A3', color: 'white', step: 2 },
      { from: 'resistor.leg 1', to: 'thermistor.wire 2', color: 'white', step: 2 },
      { from: 'resistor.leg 2', to: 'rail.-', color: 'black', step: 2 },
      ...lcdWires(2),
    ],
    codeRefs: [
      { step: 1, from: 21, to: 23 },
      { step: 2, from: 24, to: 25 },
      { step: 3, from: 194, to: 211 },
      { step: 4, from: 30, to: 32 },
      { step: 4, from: 154, to: 156 },
      { step: 5, from: 33, to: 34 },
      { step: 5, from: 158, to: 162 },
      { step: 6, from: 35, to: 37 },
      { step: 6, from: 164, to: 171 },
      { step: 7, from: 38, to: 41 },
      { step: 7, from: 139, to: 149 },
      { step: 8, from: 47, to: 48 },
      { step: 8, from: 176, to: 192 },
      { step: 9, from: 42, to: 45 },
      { step: 9, from: 173, to: 173 },
    ],
  },
  {
    projectId: 8,
    slug: 'smart-irrigation-robot',
    board: 'nano',
    parts: [
      arduino('nano', ['5V', 'GND', 'D2', 'D7', 'A0', 'A4', 'A5']),
      RAIL,
      { id: 'soil', kind: 'soil-moisture-sensor', label: 'Soil moisture sensor', pins: ['VCC', 'GND', 'AOUT'] },
      { id: 'dht', kind: 'dht11', label: 'DHT11 sensor', pins: ['VCC', 'GND', 'DATA'] },
      { id: 'relay', kind: 'relay-module', label: 'Relay module', pins: ['VCC', 'GND', 'IN', 'COM', 'NO'] },
      { id: 'pump', kind: 'water-pump', label: 'Water pump', pins: ['+', '-'] },
      { id: 'battery', kind: 'battery', label: '4 × AA battery pack', pins: ['+', '-'] },
      LCD,
    ],
    wires: [
      ...railWires(0),
      ...powerWires('soil', 1),
      { from: 'soil.AOUT', to: 'arduino.A0', color: 'yellow', step: 1 },
      ...powerWires('dht', 1),
      { from: 'dht.DATA', to: 'arduino.D2', color: 'green', step: 1 },
      ...powerWires('relay', 2),
      { from: 'relay.IN', to: 'arduino.D7', color: 'orange', step: 2 },
      { from: 'battery.+', to: 'relay.COM', color: 'red', step: 2 },
      { from: 'relay.NO', to: 'pump.+', color: 'red', step: 2 },
      { from: 'pump.-', to: 'battery.-', color: 'black', step: 2 },
      ...lcdWires(3),
    ],
    codeRefs: [
      { step: 1, from: 22, to: 23 },
      { step: 2, from: 24, to: 24 },
      { step: 3, from: 25, to: 25 },
      { step: 6, from: 28, to: 31 },
      { step: 6, from: 163, to: 173 },
      { step: 7, from: 32, to: 38 },
      { step: 7, from: 175, to: 180 },
      { step: 8, from: 39, to: 41 },
      { step: 8, from: 192, to: 218 },
      { step: 9, from: 42, to: 42 },
      { step: 9, from: 209, to: 210 },
      { step: 10, from: 220, to: 241 },
      { step: 10, from: 243, to: 256 },
    ],
  },
  {
    projectId: 9,
    slug: 'medical-assistance-robot',
    board: 'uno',
    parts: [
      arduino('uno', ['5V', 'GND', 'D2', 'D5', 'D8', 'D9', 'D10', 'D11', 'A4', 'A5']),
      RAIL,
      { id: 'rtc', kind: 'ds3231', label: 'DS3231 clock', pins: ['VCC', 'GND', 'SDA', 'SCL'] },
      LCD,
      {
        id: 'driver',
        kind: 'uln2003-stepper',
        label: 'ULN2003 driver (stepper plugged in)',
        pins: ['IN1', 'IN2', 'IN3', 'IN4', '+', '-'],
      },
      { id: 'button', kind: 'push-button', label: 'TAKEN button', pins: ['leg 1', 'leg 2'] },
      { id: 'buzzer', kind: 'active-buzzer', label: 'Active buzzer', pins: ['+', '-'] },
    ],
    wires: [
      ...railWires(2),
      ...powerWires('rtc', 2),
      { from: 'rtc.SDA', to: 'arduino.A4', color: 'blue', step: 2 },
      { from: 'rtc.SCL', to: 'arduino.A5', color: 'yellow', step: 2 },
      ...lcdWires(2),
      { from: 'driver.IN1', to: 'arduino.D8', color: 'blue', step: 3 },
      { from: 'driver.IN2', to: 'arduino.D9', color: 'purple', step: 3 },
      { from: 'driver.IN3', to: 'arduino.D10', color: 'yellow', step: 3 },
      { from: 'driver.IN4', to: 'arduino.D11', color: 'orange', step: 3 },
      ...powerWires('driver', 3, '+', '-'),
      { from: 'button.leg 1', to: 'arduino.D2', color: 'green', step: 3 },
      { from: 'button.leg 2', to: 'rail.-', color: 'black', step: 3 },
      { from: 'buzzer.+', to: 'arduino.D5', color: 'white', step: 3 },
      { from: 'buzzer.-', to: 'rail.-', color: 'black', step: 3 },
    ],
    codeRefs: [
      { step: 2, from: 30, to: 30 },
      { step: 3, from: 24, to: 29 },
      { step: 4, from: 33, to: 35 },
      { step: 4, from: 373, to: 380 },
      { step: 5, from: 36, to: 37 },
      { step: 5, from: 45, to: 47 },
      { step: 5, from: 384, to: 395 },
      { step: 6, from: 39, to: 42 },
      { step: 6, from: 288, to: 307 },
      { step: 7, from: 50, to: 52 },
      { step: 7, from: 408, to: 422 },
      { step: 7, from: 424, to: 432 },
      { step: 8, from: 54, to: 64 },
      { step: 8, from: 264, to: 270 },
      { step: 9, from: 360, to: 371 },
    ],
  },
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
