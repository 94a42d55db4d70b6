import type { Tutorial } from '../../tutorials.ts';
import { arduino, LCD, lcdWires, powerWires, RAIL, railWires } from '../../wiring-kit.ts';

/** The robot's circuit: its parts, the wires each step adds, and the sketch lines each step explains. */
export const wiring: Tutorial = {
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
};
