import { describe, expect, it } from 'vitest';
import { partBench } from '#test/part-bench.ts';
import { calendarMs, Ds3231, formatCalendar } from './ds3231.ts';

// Monday 2 March 2026, 07:59:58.
const START = Date.UTC(2026, 2, 2, 7, 59, 58);

function clockAt(start = START) {
  let now = start;
  const clock = new Ds3231(() => now);
  const write = (pointer: number, ...bytes: number[]) => {
    clock.connect(true);
    for (const byte of [pointer, ...bytes]) expect(clock.write(byte)).toBe(true);
    clock.stop();
  };
  const read = (pointer: number, count: number) => {
    write(pointer);
    clock.connect(false);
    const bytes = Array.from({ length: count }, () => clock.read());
    clock.stop();
    return bytes;
  };
  return { clock, write, read, pass: (ms: number) => (now += ms) };
}

describe('DS3231 alarms', () => {
  const STATUS = 0x0f;
  /** The status register now. */
  const flags = (read: (pointer: number, count: number) => number[]) => read(STATUS, 1)[0] ?? 0;

  it('sets A1F when the seconds match (A1M2–A1M4 set), and keeps it until the sketch clears it', () => {
    // Monday 2 March 2026 07:59:58; alarm 1 at second 05 of every minute.
    const { write, read, pass } = clockAt();
    write(0x07, 0x05, 0x80, 0x80, 0x80);
    pass(5_000);
    expect(flags(read) & 0x03).toBe(0);
    pass(2_000);
    expect(flags(read) & 0x03).toBe(0x01);
    pass(10_000);
    expect(flags(read) & 0x01).toBe(0x01);
    write(STATUS, 0x08);
    expect(flags(read) & 0x01).toBe(0);
  });

  it('sets A2F at second 0 of the minute and hour set, and matches a day of the week (DY)', () => {
    const { write, read, pass } = clockAt();
    // Alarm 2 at 08:00 on day 1 (the Monday, as the clock numbers it).
    write(0x0b, 0x00, 0x08, DAY_OF_WEEK_BIT | 0x01);
    pass(1_000);
    expect(flags(read) & 0x02).toBe(0);
    pass(1_000);
    expect(flags(read) & 0x02).toBe(0x02);
    write(STATUS, 0x08);
    // On the Tuesday at 08:00 it does not match.
    pass(86_400_000);
    expect(flags(read) & 0x02).toBe(0);
  });

  it('finds an alarm passed during a jump of the clock (a fast-forward)', () => {
    const { write, read, pass } = clockAt();
    // Alarm 1 on the 3rd at 12:34:56 (DT: the date).
    write(0x07, 0x56, 0x34, 0x12, 0x03);
    pass(2 * 86_400_000);
    expect(flags(read) & 0x01).toBe(0x01);
  });
});

const DAY_OF_WEEK_BIT = 0x40;

describe('DS3231', () => {
  it('reads the time from register 0 on in BCD: seconds, minutes, hours (24 h), weekday, date, month, year', () => {
    const { read } = clockAt();
    expect(read(0, 7)).toEqual([0x58, 0x59, 0x07, 1, 0x02, 0x03, 0x26]);
  });

  it('runs on with its clock, across midnight and the end of the month', () => {
    const { read, pass } = clockAt(Date.UTC(2026, 1, 28, 23, 59, 59));
    pass(1000);
    expect(read(0, 7)).toEqual([0x00, 0x00, 0x00, 7, 0x01, 0x03, 0x26]);
  });

  it('reads from any register, the pointer moving on after each byte and wrapping after 0x12', () => {
    const { read } = clockAt();
    expect(read(0x0e, 6)).toEqual([0x1c, 0x08, 0x00, 25, 0x00, 0x58]);
  });

  it('keeps the time of the START for all the bytes of one read', () => {
    const { clock, write, pass } = clockAt();
    write(0);
    clock.connect(false);
    expect(clock.read()).toBe(0x58);
    pass(5000);
    expect([clock.read(), clock.read()]).toEqual([0x59, 0x07]);
  });

  it('runs on from a time the sketch writes', () => {
    const { clock, write, read, pass } = clockAt();
    write(0, 0x30, 0x45, 0x19, 3, 0x31, 0x12, 0x27);
    expect(formatCalendar(clock.time())).toBe('2027-12-31 19:45:30');
    pass(2000);
    expect(read(0, 7)).toEqual([0x32, 0x45, 0x19, 3, 0x31, 0x12, 0x27]);
  });

  it('sets only the registers written, the others running on', () => {
    const { clock, write } = clockAt();
    write(1, 0x15);
    expect(formatCalendar(clock.time())).toBe('2026-03-02 07:15:58');
  });

  it('answers in 12-hour mode once the sketch sets it', () => {
    const { write, read } = clockAt();
    write(2, 0x40 | 0x20 | 0x03);
    expect(read(2, 1)).toEqual([0x63]);
    write(2, 0x40 | 0x12);
    expect(read(2, 1)).toEqual([0x52]);
  });

  it('lets the sketch clear the status flags and the 32 kHz output, never set OSF', () => {
    const { write, read } = clockAt();
    write(0x0f, 0x80);
    expect(read(0x0f, 1)).toEqual([0x00]);
    write(0x0f, 0x88);
    expect(read(0x0f, 1)).toEqual([0x08]);
  });

  it('keeps the alarms and the control register as written; the temperature is read-only', () => {
    const { write, read } = clockAt();
    write(0x07, 0x30, 0x00, 0x08, 0x80);
    write(0x0e, 0x05);
    write(0x11, 0x40);
    expect(read(0x07, 4)).toEqual([0x30, 0x00, 0x08, 0x80]);
    expect(read(0x0e, 1)).toEqual([0x05]);
    expect(read(0x11, 1)).toEqual([25]);
  });

  it('keeps a calendar time: the local time a Date shows, with no time zone', () => {
    expect(calendarMs(new Date(2026, 2, 2, 7, 59, 58))).toBe(START);
  });
});

describe('the DS3231 part', () => {
  const PARTS = [{ id: 'rtc', kind: 'ds3231', label: 'DS3231 clock', pins: ['VCC', 'GND', 'SDA', 'SCL'] }] as const;
  const WIRES = [
    { from: 'rtc.SDA', to: 'arduino.A4', color: 'blue' },
    { from: 'rtc.SCL', to: 'arduino.A5', color: 'yellow' },
  ] as const;

  it('starts at the simulation start time and runs with simulated time', () => {
    const { sim, wait } = partBench(PARTS, WIRES, { startTime: new Date(2026, 2, 2, 7, 59, 59, 600) });
    expect(sim.view('rtc')).toEqual({ kind: 'clock', time: '2026-03-02 07:59:59' });
    wait(500_000);
    expect(sim.view('rtc')).toEqual({ kind: 'clock', time: '2026-03-02 08:00:00' });
  });

  it('is set forward or back by the learner, a minute at a time', () => {
    const { sim } = partBench(PARTS, WIRES, { startTime: new Date(2026, 2, 2, 7, 59, 58) });
    expect(sim.controls()).toEqual([
      {
        partId: 'rtc',
        control: {
          type: 'slider',
          key: 'minutes',
          label: 'DS3231 clock: time adjustment',
          min: -1440,
          max: 1440,
          step: 1,
          unit: 'min',
          value: 0,
        },
      },
    ]);
    sim.set('rtc', 'minutes', 61);
    expect(sim.view('rtc')).toEqual({ kind: 'clock', time: '2026-03-02 09:00:58' });
    sim.set('rtc', 'minutes', -480);
    expect(sim.view('rtc')).toEqual({ kind: 'clock', time: '2026-03-01 23:59:58' });
  });
});
