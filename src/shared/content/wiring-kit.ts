import type { Board } from './projects.ts';
import type { Wire, WiringPart } from './tutorials.ts';

// Parts that several tutorials share. Every module takes 5 V and GND from the breadboard's rails, because the
// Arduino has only one 5V pin.
export const RAIL: WiringPart = { id: 'rail', kind: 'breadboard-rail', label: 'Breadboard rail', pins: ['+', '-'] };
export const LCD: WiringPart = {
  id: 'lcd',
  kind: 'lcd-i2c',
  label: '16×2 LCD (I2C backpack)',
  pins: ['VCC', 'GND', 'SDA', 'SCL'],
};

export function arduino(board: Board, pins: readonly string[]): WiringPart {
  const label = board === 'uno' ? 'Arduino Uno' : board === 'nano' ? 'Arduino Nano' : 'Arduino Mega 2560';
  return { id: 'arduino', kind: 'arduino', label, pins };
}

/** The two wires that bring the Arduino's 5V and GND to the breadboard rails. */
export function railWires(step: number): Wire[] {
  return [
    { from: 'arduino.5V', to: 'rail.+', color: 'red', step },
    { from: 'arduino.GND', to: 'rail.-', color: 'black', step },
  ];
}

/** A module's power pins to the rails. */
export function powerWires(part: string, step: number, plus = 'VCC', minus = 'GND'): Wire[] {
  return [
    { from: `${part}.${plus}`, to: 'rail.+', color: 'red', step },
    { from: `${part}.${minus}`, to: 'rail.-', color: 'black', step },
  ];
}

/** The I2C LCD on an Uno or Nano: SDA is A4 and SCL is A5. */
export function lcdWires(step: number): Wire[] {
  return [
    ...powerWires('lcd', step),
    { from: 'lcd.SDA', to: 'arduino.A4', color: 'blue', step },
    { from: 'lcd.SCL', to: 'arduino.A5', color: 'yellow', step },
  ];
}
