import type { I2cDevice } from '../board.ts';
import type { PartFactory } from './part.ts';

/*
 * The DS3231 real-time clock (Maxim's datasheet, rev. 10): an I²C device at 0x68 whose registers
 * 0x00–0x06 hold the time in BCD (seconds, minutes, hours, day of the week, date, month with the
 * century bit, year), then the two alarms, control, status, aging offset and temperature. A write
 * sets the register pointer and then registers from it on; a read goes on from the pointer. The
 * pointer moves on after every byte and wraps after 0x12.
 *
 * Its time is the simulation's start time (the browser's clock) plus the simulated time since, so a
 * fast-forward moves it on too, plus whatever the sketch writes and the learner adds. The clock
 * keeps a calendar time with no time zone, as the chip does: here a millisecond count read with the
 * Date's UTC fields, so daylight-saving changes never move it.
 */

export const DS3231_ADDRESS = 0x68;
const REGISTER_COUNT = 0x13;
const CONTROL = 0x0e;
const STATUS = 0x0f;
const TEMPERATURE_MSB = 0x11;
/** Power-on control: oscillator on, interrupt output (INTCN), square wave rate bits RS2 and RS1 set. */
const CONTROL_AT_POWER_ON = 0x1c;
/** Status: the 32 kHz output on and OSF clear, since the clock was set before the simulation started. */
const STATUS_SET_CLOCK = 0x08;
/** The flags the sketch can only clear: OSF, A2F and A1F. */
const STATUS_CLEAR_ONLY = 0x83;
const STATUS_EN32KHZ = 0x08;
/** The bits each time register keeps, 0x00–0x06 (the rest read 0). */
const TIME_MASKS = [0x7f, 0x7f, 0x7f, 0x07, 0x3f, 0x9f, 0xff];
const HOURS_12 = 0x40;
const HOURS_PM = 0x20;
const CENTURY = 0x80;
const ROOM_CELSIUS = 25;
/** Status flags: alarm 1 and alarm 2 matched the time. */
const A1F = 0x01;
const A2F = 0x02;
/** An alarm register's mask bit (AxMy): this field does not have to match. */
const MASKED = 0x80;
/** In the day/date register of an alarm: match the day of the week (DY), not the date (DT). */
const DAY_OF_WEEK = 0x40;
/** How far back the alarms are compared after a jump (a fast-forward): a week and a day covers every mode. */
const ALARM_LOOKBACK_SECONDS = 8 * 86_400;

const toBcd = (value: number) => ((Math.floor(value / 10) % 10) << 4) | (value % 10);
const fromBcd = (value: number) => (value >> 4) * 10 + (value & 0x0f);

/** A Date's local calendar time, as the zoneless millisecond count the clock keeps. */
export function calendarMs(date: Date): number {
  return Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
}

/** 'YYYY-MM-DD HH:MM:SS', the clock's view. */
export function formatCalendar(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Monday 1 … Sunday 7. */
const isoWeekday = (time: Date) => time.getUTCDay() || 7;

export class Ds3231 implements I2cDevice {
  private readonly registers = new Uint8Array(REGISTER_COUNT);
  private pointer = 0;
  private expectPointer = false;
  private timeWritten = false;
  /** What the sketch's writes moved the time by. */
  private offsetMs = 0;
  private twelveHour = false;
  /** The sketch numbers the days of the week as it likes: its day 1 is this many days after Monday. */
  private weekdayShift = 0;
  private readonly clock: () => number;
  /** The last second (of calendar time) the alarms were compared with. */
  private alarmsCheckedTo: number;

  /** `clock`: the calendar time before the sketch sets it, in ms (see calendarMs). */
  constructor(clock: () => number) {
    this.clock = clock;
    this.registers[CONTROL] = CONTROL_AT_POWER_ON;
    this.registers[STATUS] = STATUS_SET_CLOCK;
    this.registers[TEMPERATURE_MSB] = ROOM_CELSIUS;
    this.alarmsCheckedTo = Math.floor(this.time() / 1000);
    this.latchTime();
  }

  /** The calendar time now, in ms. */
  time(): number {
    return this.clock() + this.offsetMs;
  }

  connect(write: boolean): void {
    this.commitTime();
    this.checkAlarms();
    // The chip copies its running time to the registers the master reads at every START.
    this.latchTime();
    this.expectPointer = write;
  }

  write(byte: number): boolean {
    if (this.expectPointer) {
      this.pointer = byte % REGISTER_COUNT;
      this.expectPointer = false;
      return true;
    }
    this.store(this.pointer, byte);
    this.advance();
    return true;
  }

  read(): number {
    const value = this.registers[this.pointer] ?? 0;
    this.advance();
    return value;
  }

  stop(): void {
    this.commitTime();
  }

  private advance(): void {
    this.pointer = (this.pointer + 1) % REGISTER_COUNT;
    // The time is copied again when the pointer wraps, as at a START.
    if (this.pointer === 0) {
      this.commitTime();
      this.latchTime();
    }
  }

  private store(address: number, byte: number): void {
    const timeMask = TIME_MASKS[address];
    if (timeMask !== undefined) {
      this.registers[address] = byte & timeMask;
      this.timeWritten = true;
    } else if (address === STATUS) {
      const before = this.registers[STATUS] ?? 0;
      this.registers[STATUS] = (before & byte & STATUS_CLEAR_ONLY) | (byte & STATUS_EN32KHZ);
    } else if (address < TEMPERATURE_MSB) {
      this.registers[address] = byte;
    }
    // The temperature registers are read-only.
  }

  private latchTime(): void {
    const now = new Date(this.time());
    const hours = now.getUTCHours();
    const year = now.getUTCFullYear();
    this.registers.set([
      toBcd(now.getUTCSeconds()),
      toBcd(now.getUTCMinutes()),
      this.twelveHour ? HOURS_12 | (hours >= 12 ? HOURS_PM : 0) | toBcd(hours % 12 || 12) : toBcd(hours),
      ((isoWeekday(now) - 1 - this.weekdayShift + 14) % 7) + 1,
      toBcd(now.getUTCDate()),
      toBcd(now.getUTCMonth() + 1) | (year >= 2100 ? CENTURY : 0),
      toBcd(year % 100),
    ]);
  }

  /**
   * Sets A1F or A2F for every second since the last look that matched an alarm (datasheet: "Alarms"):
   * each field of an alarm whose mask bit is clear must equal the time's; alarm 2 has no seconds and
   * matches at second 0. The flags stay set until the sketch clears them, whatever A1IE and A2IE say.
   */
  private checkAlarms(): void {
    const now = Math.floor(this.time() / 1000);
    const r = this.registers;
    const field = (register: number, value: number, bits: number) =>
      (register & MASKED) !== 0 || fromBcd(register & bits) === value;
    let day = Number.NaN;
    let date = 0;
    let weekday = 0;
    for (let t = Math.max(this.alarmsCheckedTo + 1, now - ALARM_LOOKBACK_SECONDS); t <= now; t++) {
      if (Math.floor(t / 86_400) !== day) {
        day = Math.floor(t / 86_400);
        const calendar = new Date(day * 86_400_000);
        date = calendar.getUTCDate();
        weekday = ((isoWeekday(calendar) - 1 - this.weekdayShift + 14) % 7) + 1;
      }
      const [second, minute, hour] = [t % 60, Math.floor(t / 60) % 60, Math.floor(t / 3600) % 24];
      const dayOrDate = (register: number) => field(register, register & DAY_OF_WEEK ? weekday : date, 0x3f);
      const alarm1 =
        field(r[0x07] ?? 0, second, 0x7f) &&
        field(r[0x08] ?? 0, minute, 0x7f) &&
        field(r[0x09] ?? 0, hour, 0x3f) &&
        dayOrDate(r[0x0a] ?? 0);
      const alarm2 =
        second === 0 && field(r[0x0b] ?? 0, minute, 0x7f) && field(r[0x0c] ?? 0, hour, 0x3f) && dayOrDate(r[0x0d] ?? 0);
      r[STATUS] = (r[STATUS] ?? 0) | (alarm1 ? A1F : 0) | (alarm2 ? A2F : 0);
    }
    this.alarmsCheckedTo = now;
  }

  /** After the sketch wrote time registers: the clock runs on from what they now say. */
  private commitTime(): void {
    if (!this.timeWritten) return;
    this.timeWritten = false;
    const [seconds = 0, minutes = 0, hoursRegister = 0, weekday = 1, date = 1, month = 1, year = 0] = this.registers;
    this.twelveHour = (hoursRegister & HOURS_12) !== 0;
    const hours = this.twelveHour
      ? (fromBcd(hoursRegister & 0x1f) % 12) + (hoursRegister & HOURS_PM ? 12 : 0)
      : fromBcd(hoursRegister & 0x3f);
    const written = Date.UTC(
      2000 + fromBcd(year) + (month & CENTURY ? 100 : 0),
      fromBcd(month & 0x1f) - 1,
      fromBcd(date),
      hours,
      fromBcd(minutes),
      fromBcd(seconds),
    );
    this.offsetMs += written - this.time();
    this.weekdayShift = (((isoWeekday(new Date(written)) - weekday) % 7) + 7) % 7;
    // A clock set anew has passed no alarm yet.
    this.alarmsCheckedTo = Math.floor(this.time() / 1000);
  }
}

/** Up to a day either way, a minute at a time. */
const ADJUST_MINUTES = 24 * 60;

/** The DS3231 module on the I²C pins (A4 SDA, A5 SCL on the Uno and the Nano); the learner can set it forward or back. */
export const ds3231: PartFactory = (context) => {
  const started = calendarMs(context.startTime);
  let adjustMinutes = 0;
  const clock = new Ds3231(() => started + context.board.micros / 1000 + adjustMinutes * 60_000);
  // A clock whose data lines do not reach the I²C pins never answers.
  if (context.wiring('SDA').arduino === 'A4' && context.wiring('SCL').arduino === 'A5') {
    context.board.addI2cDevice(DS3231_ADDRESS, clock);
  }
  return {
    part: context.part,
    controls: () => [
      {
        type: 'slider',
        key: 'minutes',
        label: `${context.part.label}: time adjustment`,
        min: -ADJUST_MINUTES,
        max: ADJUST_MINUTES,
        step: 1,
        unit: 'min',
        value: adjustMinutes,
      },
    ],
    setControl: (key, value) => {
      if (key === 'minutes') adjustMinutes = Math.round(Math.min(ADJUST_MINUTES, Math.max(-ADJUST_MINUTES, value)));
    },
    view: () => ({ kind: 'clock', time: formatCalendar(clock.time()) }),
  };
};
