import { hd44780 } from './lcd-i2c.ts';
import type { PartFactory } from './part.ts';
import { requireArduinoPin } from './part.ts';

/*
 * A 16×2 character LCD (HD44780) on the Arduino's own pins, in 4-bit mode as the Arduino Starter Kit
 * and the LiquidCrystal examples wire it: RS, E and D4–D7 to the board, RW to ground, D0–D3 not
 * connected. The controller takes RS and D4–D7 when E falls (datasheet: Hitachi HD44780U), the same
 * controller as behind the I²C backpack (lcd-i2c.ts); its backlight is wired to the 5 V rail.
 */

const DATA_PINS = ['D4', 'D5', 'D6', 'D7'] as const;

export const lcdParallel: PartFactory = (context) => {
  const { board, part } = context;
  const rs = requireArduinoPin(context, 'RS');
  const enable = requireArduinoPin(context, 'E');
  const data = DATA_PINS.map((pin) => requireArduinoPin(context, pin));
  const lcd = hd44780();
  board.onPinChange(enable, (high, micros) => {
    if (high) return;
    const nibble = data.reduce((bits, pin, i) => bits | (board.isHigh(pin) ? 1 << i : 0), 0);
    lcd.latch(nibble, board.isHigh(rs), micros);
  });
  return {
    part,
    controls: () => [],
    setControl: () => {},
    view: () => ({ kind: 'lcd', lines: lcd.lines, backlight: true }),
  };
};
