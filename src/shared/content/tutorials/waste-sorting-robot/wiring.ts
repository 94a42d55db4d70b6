import type { Tutorial } from '../../tutorials.ts';
import { arduino, powerWires, RAIL, railWires } from '../../wiring-kit.ts';

/** The robot's circuit: its parts, the wires each step adds, and the sketch lines each step explains. */
export const wiring: Tutorial = {
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
};
