import { describe, expect, it } from 'vitest';
import { lcdBackpack, romCharacter } from './lcd-i2c.ts';

const RS = 0x01;
const E = 0x04;
const BACKLIGHT = 0x08;

/** Talks to the backpack as the tutorials' sketches do (lcdSendHalf, lcdSend, lcdBegin), with a clock. */
function sketchSide() {
  let now = 0;
  const backpack = lcdBackpack(() => now);
  // One byte on the I²C bus at 100 kHz: start, address, data, stop take about 200 µs.
  const write = (bits: number) => {
    backpack.device.write(bits | BACKLIGHT);
    now += 200;
  };
  const half = (bits: number) => {
    write(bits | E);
    write(bits);
    now += 50;
  };
  const send = (value: number, mode: number) => {
    half((value & 0xf0) | mode);
    half(((value << 4) & 0xf0) | mode);
  };
  const command = (code: number) => {
    send(code, 0);
    if (code < 4) now += 2_000;
  };
  const begin = () => {
    now += 50_000;
    write(0);
    half(0x30);
    now += 5_000;
    half(0x30);
    now += 1_000;
    half(0x30);
    half(0x20);
    for (const code of [0x28, 0x0c, 0x06, 0x01]) command(code);
  };
  const print = (row: number, text: string) => {
    command(row === 0 ? 0x80 : 0xc0);
    for (const letter of text.padEnd(16)) send(letter.charCodeAt(0), RS);
  };
  return {
    backpack,
    half,
    send,
    command,
    begin,
    print,
    wait: (micros: number) => {
      now += micros;
    },
  };
}

describe('16×2 LCD on a PCF8574 backpack', () => {
  it('shows nothing until the sketch initialises it, with the backlight on from the first byte', () => {
    const lcd = sketchSide();
    expect(lcd.backpack.lines).toEqual([' '.repeat(16), ' '.repeat(16)]);
    lcd.begin();
    expect(lcd.backpack.backlight).toBe(true);
    expect(lcd.backpack.lines).toEqual([' '.repeat(16), ' '.repeat(16)]);
  });

  it('writes each row where the sketch puts the cursor (row 0 at 0x00, row 1 at 0x40)', () => {
    const lcd = sketchSide();
    lcd.begin();
    lcd.print(0, 'Air Quality');
    lcd.print(1, 'Monitor');
    expect(lcd.backpack.lines).toEqual(['Air Quality     ', 'Monitor         ']);
  });

  it('shows the degree sign (ROM code 0xDF) and clears the screen', () => {
    const lcd = sketchSide();
    lcd.begin();
    lcd.print(1, `22${String.fromCharCode(0xdf)}C`);
    expect(lcd.backpack.lines[1]).toBe('22°C            ');
    lcd.command(0x01);
    expect(lcd.backpack.lines).toEqual([' '.repeat(16), ' '.repeat(16)]);
  });

  it('stays in 8-bit mode, and shows nothing readable, without the 0x3, 0x3, 0x3, 0x2 wake-up', () => {
    const lcd = sketchSide();
    lcd.wait(50_000);
    // Straight to 4-bit commands: the first nibble of 0x28 is taken as a whole 8-bit function set.
    for (const code of [0x28, 0x0c, 0x06, 0x01]) lcd.command(code);
    lcd.print(0, 'Hello');
    expect(lcd.backpack.lines[0]).not.toBe('Hello           ');
  });

  it('loses an instruction sent while the controller is still clearing (1.52 ms)', () => {
    const lcd = sketchSide();
    lcd.begin();
    lcd.print(0, 'Old');
    lcd.send(0x01, 0); // clear, without the sketch's delay(2): the next letter comes 0.9 ms later
    lcd.send('N'.charCodeAt(0), RS);
    lcd.send('o'.charCodeAt(0), RS);
    expect(lcd.backpack.lines[0]).toBe('o               ');
  });

  it('moves left after each letter in decrement mode, and turns the display off and on', () => {
    const lcd = sketchSide();
    lcd.begin();
    lcd.command(0x04);
    lcd.command(0x85);
    for (const letter of 'abc') lcd.send(letter.charCodeAt(0), RS);
    expect(lcd.backpack.lines[0]).toBe('   cba          ');
    lcd.command(0x08);
    expect(lcd.backpack.lines[0]).toBe(' '.repeat(16));
    lcd.command(0x0c);
    expect(lcd.backpack.lines[0]).toBe('   cba          ');
  });

  it('turns the backlight off with P3 low', () => {
    const lcd = sketchSide();
    lcd.begin();
    lcd.backpack.device.write(0x00);
    expect(lcd.backpack.backlight).toBe(false);
  });

  it('maps the character ROM (A00): ASCII, the yen sign at 0x5C, arrows and symbols', () => {
    expect(romCharacter(0x41)).toBe('A');
    expect(romCharacter(0x5c)).toBe('¥');
    expect(romCharacter(0x7e)).toBe('→');
    expect(romCharacter(0xdf)).toBe('°');
    expect(romCharacter(0xf4)).toBe('Ω');
  });
});
