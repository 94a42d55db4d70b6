import { describe, expect, it } from 'vitest';
import {
  appendSerial,
  clearSerial,
  EMPTY_SERIAL_LOG,
  MAX_SERIAL_CHARS,
  nominalBaudRate,
  pauseSerial,
  resumeSerial,
} from './serial-log.ts';

describe('the serial monitor log', () => {
  it('shows text as it arrives, as plain lines', () => {
    let log = appendSerial(EMPTY_SERIAL_LOG, 'Plant Watering Robot ready\r\n');
    log = appendSerial(log, 'Soil reading: 540');
    // CR LF split across two chunks still makes one line end.
    log = appendSerial(log, '\r');
    log = appendSerial(log, '\n');
    expect(log.text).toBe('Plant Watering Robot ready\nSoil reading: 540\n');
    expect(appendSerial(log, '')).toBe(log);
  });

  it('holds what arrives while paused, and shows it on resume', () => {
    let log = appendSerial(EMPTY_SERIAL_LOG, 'one\n');
    log = pauseSerial(log);
    log = appendSerial(log, 'two\n');
    log = appendSerial(log, 'three\n');
    expect(log.text).toBe('one\n');
    expect(log.held).toBe('two\nthree\n');
    log = resumeSerial(log);
    expect(log).toEqual({ text: 'one\ntwo\nthree\n', held: '', paused: false });
    expect(resumeSerial(log)).toBe(log);
    expect(pauseSerial(pauseSerial(log))).toEqual(pauseSerial(log));
  });

  it('clears what it shows and what it holds, and stays paused if it was', () => {
    const log = appendSerial(pauseSerial(appendSerial(EMPTY_SERIAL_LOG, 'a\n')), 'b\n');
    expect(clearSerial(log)).toEqual({ text: '', held: '', paused: true });
  });

  it(`keeps the last ${MAX_SERIAL_CHARS} characters, from the start of a line`, () => {
    let log = EMPTY_SERIAL_LOG;
    for (let i = 0; i < 3000; i++) log = appendSerial(log, `Gas level: ${i}\r\n`);
    expect(log.text.length).toBeLessThanOrEqual(MAX_SERIAL_CHARS);
    expect(log.text.startsWith('Gas level: ')).toBe(true);
    expect(log.text.endsWith('Gas level: 2999\n')).toBe(true);
    // A paused monitor holds no more than it would show.
    let paused = pauseSerial(EMPTY_SERIAL_LOG);
    for (let i = 0; i < 3000; i++) paused = appendSerial(paused, `Gas level: ${i}\n`);
    expect(paused.held.length).toBeLessThanOrEqual(MAX_SERIAL_CHARS);
  });

  it('names the baud rate the sketch asked for, not the one the chip divides its clock to', () => {
    expect(nominalBaudRate(0)).toBeNull();
    expect(nominalBaudRate(9615)).toBe(9600);
    expect(nominalBaudRate(117_647)).toBe(115_200);
    expect(nominalBaudRate(57_142)).toBe(57_600);
    expect(nominalBaudRate(250_000)).toBe(250_000);
  });
});
