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
