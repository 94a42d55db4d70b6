import type { I2cDevice } from '../board.ts';
import type { PartFactory } from './part.ts';
import { requireArduinoPin } from './part.ts';

/*
 * A 16×2 character LCD (HD44780) on a PCF8574 I²C backpack. Every byte the sketch writes to the
 * backpack sets its eight outputs: P0 RS, P1 RW, P2 E, P3 the backlight, P4–P7 the LCD's D4–D7.
 * The HD44780 (datasheet: Hitachi HD44780U) takes the data lines when E falls; it starts in 8-bit
 * mode, and the sketches switch it to 4-bit mode (function set 0x3 three times, then 0x2), after
 * which each instruction or character arrives as two nibbles, high first.
 */

/** The backpack's address with A0–A2 high, as sold (the sketches' LCD_ADDRESS). */
export const LCD_I2C_ADDRESS = 0x27;

const RS = 0x01;
const RW = 0x02;
const E = 0x04;
const BACKLIGHT = 0x08;

const COLUMNS = 16;
/** DDRAM holds 40 characters per row; row 1 starts at address 0x40. */
const ROW_LENGTH = 40;
const ROW_STARTS = [0x00, 0x40] as const;

/** Execution times from the datasheet (at 270 kHz): instructions sent while busy are lost. */
const CLEAR_MICROS = 1_520;
const INSTRUCTION_MICROS = 37;

/**
 * The character generator ROM (code A00, the common one): ASCII from 0x20 to 0x7D except that
 * 0x5C is the yen sign, arrows at 0x7E and 0x7F, and a few symbols above; codes 0x00–0x0F show the
 * eight characters a sketch defines in CGRAM, drawn here as a placeholder.
 */
const ROM_SYMBOLS: Readonly<Record<number, string>> = {
  92: '¥',
  126: '→',
  127: '←',
  165: '·',
  223: '°',
  224: 'α',
  226: 'β',
  228: 'µ',
  229: 'σ',
  242: 'θ',
  243: '∞',
  244: 'Ω',
  246: 'Σ',
  247: 'π',
  253: '÷',
  255: '█',
};

export function romCharacter(code: number): string {
  const symbol = ROM_SYMBOLS[code];
  if (symbol) return symbol;
  if (code >= 0x20 && code <= 0x7d) return String.fromCharCode(code);
  if (code < 0x10) return '▯';
  return ' ';
}

export interface Hd44780 {
  /** E fell: the controller takes RS and the data lines D4–D7 (`nibble`). */
  latch(nibble: number, rs: boolean, micros: number): void;
  readonly lines: readonly string[];
}

/** The HD44780 as the sketches use it: power-on state, 4-bit interface, the instructions they send. */
export function hd44780(): Hd44780 {
  const ddram = new Uint8Array(0x80).fill(0x20);
  let eightBit = true;
  let pendingHigh: number | undefined;
  let address = 0;
  let cgram = false;
  let increment = true;
  let shiftDisplay = false;
  let displayOn = false;
  let twoLines = false;
  let shift = 0;
  let busyUntil = 0;

  /** The next DDRAM address: rows are 40 characters long, and the end of one leads to the start of the other. */
  const step = (from: number, by: number) => {
    const row = twoLines && from >= 0x40 ? 1 : 0;
    const offset = from - ROW_STARTS[row] + by;
    if (!twoLines) return ((offset % 80) + 80) % 80;
    if (offset >= 0 && offset < ROW_LENGTH) return ROW_STARTS[row] + offset;
    const other = row === 0 ? 1 : 0;
    return ROW_STARTS[other] + (offset < 0 ? ROW_LENGTH - 1 : 0);
  };

  const instruction = (code: number): number => {
    if (code & 0x80) {
      address = code & 0x7f;
      cgram = false;
    } else if (code & 0x40) {
      cgram = true;
    } else if (code & 0x20) {
      eightBit = (code & 0x10) !== 0;
      twoLines = (code & 0x08) !== 0;
    } else if (code & 0x10) {
      const right = (code & 0x04) !== 0;
      if (code & 0x08) shift += right ? 1 : -1;
      else address = step(address, right ? 1 : -1);
    } else if (code & 0x08) {
      displayOn = (code & 0x04) !== 0;
    } else if (code & 0x04) {
      increment = (code & 0x02) !== 0;
      shiftDisplay = (code & 0x01) !== 0;
    } else if (code & 0x02) {
      address = 0;
      shift = 0;
      cgram = false;
      return CLEAR_MICROS;
    } else if (code & 0x01) {
      ddram.fill(0x20);
      address = 0;
      shift = 0;
      increment = true;
      cgram = false;
      return CLEAR_MICROS;
    }
    return INSTRUCTION_MICROS;
  };

  const character = (code: number) => {
    // A custom character's pixel rows go to CGRAM; the view shows a placeholder for codes 0–7.
    if (cgram) return;
    ddram[address] = code;
    address = step(address, increment ? 1 : -1);
    if (shiftDisplay) shift += increment ? -1 : 1;
  };

  const execute = (byte: number, rs: boolean, micros: number) => {
    if (micros < busyUntil) return;
    if (rs) character(byte);
    busyUntil = micros + (rs ? INSTRUCTION_MICROS : instruction(byte));
  };

  const rowText = (row: number) => {
    const start = twoLines ? (ROW_STARTS[row] ?? 0) : row * COLUMNS;
    const length = twoLines ? ROW_LENGTH : 80;
    return Array.from({ length: COLUMNS }, (_, column) => {
      const offset = (((column - shift) % length) + length) % length;
      return romCharacter(ddram[start + offset] ?? 0x20);
    }).join('');
  };

  return {
    latch: (nibble, rs, micros) => {
      if (eightBit) {
        // In 8-bit mode D0–D3 are not wired on the backpack: they read as 0.
        pendingHigh = undefined;
        execute(nibble << 4, rs, micros);
        return;
      }
      if (pendingHigh === undefined) {
        pendingHigh = nibble;
        return;
      }
      const byte = (pendingHigh << 4) | nibble;
      pendingHigh = undefined;
      execute(byte, rs, micros);
    },
    get lines() {
      if (!displayOn) return [' '.repeat(COLUMNS), ' '.repeat(COLUMNS)];
      return twoLines ? [rowText(0), rowText(1)] : [rowText(0), ' '.repeat(COLUMNS)];
    },
  };
}

/** The backpack as an I²C device, with the LCD behind it; `micros` is the time now, for the LCD's busy time. */
export function lcdBackpack(micros: () => number): {
  readonly device: I2cDevice;
  readonly lines: readonly string[];
  readonly backlight: boolean;
} {
  const lcd = hd44780();
  // The PCF8574's outputs are high after power-on.
  let outputs = 0xff;
  const device: I2cDevice = {
    write: (byte) => {
      const before = outputs;
      outputs = byte;
      const eFell = (before & E) !== 0 && (byte & E) === 0;
      // The HD44780 samples RS and the data lines while E is high; a write (RW low) only.
      if (eFell && !(before & RW)) lcd.latch(before >> 4, (before & RS) !== 0, micros());
      return true;
    },
    read: () => outputs,
  };
  return {
    device,
    get lines() {
      return lcd.lines;
    },
    get backlight() {
      return (outputs & BACKLIGHT) !== 0;
    },
  };
}

export const lcdI2c: PartFactory = (context) => {
  const { board, part } = context;
  const sda = requireArduinoPin(context, 'SDA');
  const scl = requireArduinoPin(context, 'SCL');
  if (sda !== 'A4' || scl !== 'A5') throw new Error(`${part.id}: the ATmega328P's I²C is SDA A4 and SCL A5`);
  const backpack = lcdBackpack(() => board.micros);
  board.addI2cDevice(LCD_I2C_ADDRESS, backpack.device);
  return {
    part,
    controls: () => [],
    setControl: () => {},
    view: () => ({ kind: 'lcd', lines: backpack.lines, backlight: backpack.backlight }),
  };
};
