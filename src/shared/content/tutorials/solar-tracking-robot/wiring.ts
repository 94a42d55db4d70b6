import type { Tutorial } from '../../tutorials.ts';
import { arduino, RAIL, railWires } from '../../wiring-kit.ts';

/** The robot's circuit: its parts, the wires each step adds, and the sketch lines each step explains. */
export const wiring: Tutorial = {
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
};
