import type { Tutorial } from '../../tutorials.ts';
import { arduino, LCD, lcdWires, powerWires, RAIL, railWires } from '../../wiring-kit.ts';

/** The robot's circuit: its parts, the wires each step adds, and the sketch lines each step explains. */
export const wiring: Tutorial = {
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
};
