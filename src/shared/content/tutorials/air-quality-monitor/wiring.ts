import type { Tutorial } from '../../tutorials.ts';
import { arduino, LCD, lcdWires, powerWires, RAIL, railWires } from '../../wiring-kit.ts';

/** The robot's circuit: its parts, the wires each step adds, and the sketch lines each step explains. */
export const wiring: Tutorial = {
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
};
