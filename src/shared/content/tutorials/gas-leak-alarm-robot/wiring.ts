import type { Tutorial } from '../../tutorials.ts';
import { arduino, LCD, lcdWires, powerWires, RAIL, railWires } from '../../wiring-kit.ts';

/** The robot's circuit: its parts, the wires each step adds, and the sketch lines each step explains. */
export const wiring: Tutorial = {
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
};
