import type { Tutorial } from '../../tutorials.ts';
import { arduino, powerWires, RAIL, railWires } from '../../wiring-kit.ts';

/** The robot's circuit: its parts, the wires each step adds, and the sketch lines each step explains. */
export const wiring: Tutorial = {
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
};
