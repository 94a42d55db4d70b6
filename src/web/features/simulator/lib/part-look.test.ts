import { describe, expect, it } from 'vitest';
import {
  awaitsModel,
  controlValueText,
  describeView,
  formatSimTime,
  isActive,
  ledColor,
  spokenSimTime,
} from './part-look.ts';

describe("how the page puts a part's state into words", () => {
  it('describes every kind of output', () => {
    expect(describeView({ kind: 'led', brightness: 0 })).toBe('Off');
    expect(describeView({ kind: 'led', brightness: 0.5 })).toBe('On, 50 % bright');
    expect(describeView({ kind: 'led', brightness: 1 })).toBe('On');
    expect(describeView({ kind: 'buzzer', sounding: true })).toBe('Beeping');
    expect(describeView({ kind: 'relay', closed: false })).toBe('Open: switched off');
    expect(describeView({ kind: 'pump', running: true })).toBe('Pumping');
    expect(describeView({ kind: 'motor', speed: -0.75 })).toBe('Backward, 75 % speed');
    expect(describeView({ kind: 'motor', speed: 0.01 })).toBe('Stopped');
    expect(describeView({ kind: 'servo', angle: 89.6 })).toBe('Arm at 90°');
    expect(describeView({ kind: 'stepper', angle: -90, steps: -512 })).toBe('Shaft at 270° (-512 steps)');
    expect(describeView({ kind: 'lcd', lines: ['Temp: 24 C    ', 'Hum: 40 %'], backlight: true })).toBe(
      'Shows “Temp: 24 C / Hum: 40 %”',
    );
    expect(describeView({ kind: 'lcd', lines: ['', ''], backlight: false })).toBe('Dark');
    expect(describeView({ kind: 'clock', time: '2026-11-25 08:00:00' })).toBe('2026-11-25 08:00:00');
  });

  it('lights the box of a part that is doing something', () => {
    expect(isActive({ kind: 'pump', running: true })).toBe(true);
    expect(isActive({ kind: 'led', brightness: 0.01 })).toBe(false);
    expect(isActive({ kind: 'motor', speed: -1 })).toBe(true);
    expect(isActive({ kind: 'servo', angle: 90 })).toBe(false);
    expect(isActive(undefined)).toBe(false);
  });

  it('says which parts are drawn but not simulated yet', () => {
    expect(awaitsModel('servo-sg90', { kind: 'passive' })).toBe(true);
    expect(awaitsModel('servo-sg90', { kind: 'servo', angle: 0 })).toBe(false);
    expect(awaitsModel('battery', { kind: 'passive' })).toBe(false);
    expect(awaitsModel('arduino', undefined)).toBe(false);
  });

  it('gives an LED the colour its name says', () => {
    expect(ledColor('Red LED with 220 Ω resistor')).toBe('#ff3b30');
    expect(ledColor('Green LED with 220 Ω resistor')).toBe('#22c55e');
    expect(ledColor('Status LED')).toBe('#f59e0b');
  });

  it("reads a control's value with its unit", () => {
    const slider = { type: 'slider', key: 'k', label: 'l', min: 0, max: 14, step: 0.1, unit: 'pH', value: 7 } as const;
    expect(controlValueText(slider)).toBe('7.0 pH');
    expect(controlValueText({ ...slider, step: 10, unit: 'ppm', value: 350 })).toBe('350 ppm');
    const toggle = {
      type: 'switch',
      key: 'on',
      label: 'l',
      onText: 'Item in front',
      offText: 'Nothing in front',
    } as const;
    expect(controlValueText({ ...toggle, value: 1 })).toBe('Item in front');
    expect(controlValueText({ ...toggle, value: 0 })).toBe('Nothing in front');
  });

  it('shows simulated time as a stopwatch, and says it in words', () => {
    expect(formatSimTime(0)).toBe('00:00.0');
    expect(formatSimTime(12_460)).toBe('00:12.4');
    expect(formatSimTime(182_000)).toBe('03:02.0');
    expect(formatSimTime(3_723_400)).toBe('1:02:03.4');
    expect(spokenSimTime(12_460)).toBe('12.5 seconds');
    expect(spokenSimTime(61_000)).toBe('1 minute 1 second');
  });
});
