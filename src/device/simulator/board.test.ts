import { describe, expect, it } from 'vitest';
import { SimBoard } from './board.ts';

// PORTD and DDRD in avr8js's data space.
const DDRD = 0x2a;
const PORTD = 0x2b;
const D2 = 1 << 2;

/** A board with an erased flash: the test plays the sketch through the port registers. */
function emptyBoard(): SimBoard {
  return new SimBoard(new Uint8Array(0x8000), { millis: 0x200, overflowCount: 0x204 });
}

describe('SimBoard.onPinChange', () => {
  it('reports a pin the sketch starts driving low (an output whose PORT bit was already 0) and lets go of', () => {
    const board = emptyBoard();
    const heard: boolean[] = [];
    board.onPinChange('D2', (high) => heard.push(high));
    board.cpu.writeData(DDRD, D2); // pinMode(OUTPUT) with the pin low
    expect(board.isOutput('D2')).toBe(true);
    board.cpu.writeData(DDRD, 0); // pinMode(INPUT)
    expect(heard).toEqual([false, false]);
  });

  it('reports driven levels only: an input turning its pull-up on or off drives nothing', () => {
    const board = emptyBoard();
    const heard: boolean[] = [];
    board.onPinChange('D2', (high) => heard.push(high));
    board.cpu.writeData(PORTD, D2); // pinMode(INPUT_PULLUP)
    board.cpu.writeData(PORTD, 0);
    expect(heard).toEqual([]);
    board.cpu.writeData(PORTD, D2);
    board.cpu.writeData(DDRD, D2); // now an output, high
    board.cpu.writeData(PORTD, 0);
    board.cpu.writeData(PORTD, D2);
    board.cpu.writeData(DDRD, 0); // an input again, pulled up
    expect(heard).toEqual([true, false, true, false]);
  });
});

// avr8js's data-space addresses and bits (ATmega328P datasheet 11.9, 24.9).
const MCUSR = 0x54;
const WDRF = 0x08;
const WDTCSR = 0x60;
const WDCE = 0x10;
const WDE = 0x08;
const ADCSRA = 0x7a;
const ADEN = 0x80;
const ADSC = 0x40;
const ADC_PRESCALER_128 = 0x07;

describe('SimBoard.reset', () => {
  // avr8js's reset drops every pending clock event; the peripherals that were waiting on one must not
  // go on waiting (an upload test's optiboot, reset by DTR during its one-second wait, never started
  // the program it had just written).
  const enableWatchdog16ms = (board: SimBoard) => {
    board.cpu.writeData(WDTCSR, WDCE | WDE); // the timed sequence, as optiboot's watchdogConfig()
    board.cpu.writeData(WDTCSR, WDE);
  };

  it('the watchdog enabled again after a reset that came while it counted still resets the chip', () => {
    const board = emptyBoard();
    enableWatchdog16ms(board);
    board.runMillis(10);
    board.cpu.onWatchdogReset(); // a `wdr`, as optiboot's getch() does for every byte
    board.runMillis(10); // its first check has come and gone: the next is pending
    board.reset();
    expect(board.cpu.data[MCUSR]).toBe(0x02);
    enableWatchdog16ms(board);
    board.runMillis(20);
    expect((board.cpu.data[MCUSR] ?? 0) & WDRF).toBe(WDRF);
  });

  it('an analog reading started after a reset that came during one completes', () => {
    const board = emptyBoard();
    const startReading = () => board.cpu.writeData(ADCSRA, ADEN | ADSC | ADC_PRESCALER_128);
    startReading();
    board.reset();
    startReading();
    board.runMillis(1); // a conversion takes 25 × 128 cycles, 0.2 ms
    expect((board.cpu.data[ADCSRA] ?? 0) & ADSC).toBe(0);
  });
});
