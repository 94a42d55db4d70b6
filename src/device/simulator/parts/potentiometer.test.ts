import { adcConfig } from 'avr8js';
import { describe, expect, it } from 'vitest';
import type { Wire } from '#shared/content/tutorials.ts';
import { partBench } from '#test/part-bench.ts';

const POT = [
  { id: 'pot', kind: 'potentiometer', label: 'Potentiometer', pins: ['left', 'wiper', 'right'] },
  { id: 'rail', kind: 'breadboard-rail', label: 'Rail', pins: ['+', '-'] },
] as const;
const POWER: readonly Wire[] = [
  { from: 'arduino.5V', to: 'rail.+', color: 'red' },
  { from: 'arduino.GND', to: 'rail.-', color: 'black' },
];

/** One conversion of channel 0 as analogRead(A0) makes it: AVcc reference, prescaler 128 (datasheet 24.9). */
function analogRead(bench: ReturnType<typeof partBench>): number {
  const { cpu } = bench.sim.board;
  cpu.writeData(adcConfig.ADMUX, 0x40);
  cpu.writeData(adcConfig.ADCSRA, 0xc7);
  bench.wait(200);
  const low = cpu.readData(adcConfig.ADCL);
  return low | (cpu.readData(adcConfig.ADCH) << 8);
}

describe('potentiometer', () => {
  it('puts the knob position on its wiper: 0 % reads 0, the middle about 512, 100 % reads 1023', () => {
    const bench = partBench(POT, [
      ...POWER,
      { from: 'pot.left', to: 'rail.-', color: 'black' },
      { from: 'pot.wiper', to: 'arduino.A0', color: 'green' },
      { from: 'pot.right', to: 'rail.+', color: 'red' },
    ]);
    expect(bench.sim.controls()).toEqual([
      {
        partId: 'pot',
        control: {
          type: 'slider',
          key: 'position',
          label: 'Potentiometer: knob',
          min: 0,
          max: 100,
          step: 1,
          unit: '%',
          ends: ['fully left', 'fully right'],
          value: 50,
        },
      },
    ]);
    expect(analogRead(bench)).toBeCloseTo(512, -1);
    bench.sim.set('pot', 'position', 0);
    expect(analogRead(bench)).toBe(0);
    bench.sim.set('pot', 'position', 100);
    expect(analogRead(bench)).toBe(1023);
    bench.sim.set('pot', 'position', 25);
    expect(analogRead(bench)).toBeCloseTo(256, -1);
  });

  it('reads the other way round when its right leg is on ground', () => {
    const bench = partBench(POT, [
      ...POWER,
      { from: 'pot.left', to: 'rail.+', color: 'red' },
      { from: 'pot.wiper', to: 'arduino.A0', color: 'green' },
      { from: 'pot.right', to: 'rail.-', color: 'black' },
    ]);
    bench.sim.set('pot', 'position', 100);
    expect(analogRead(bench)).toBe(0);
    bench.sim.set('pot', 'position', 0);
    expect(analogRead(bench)).toBe(1023);
  });
});
