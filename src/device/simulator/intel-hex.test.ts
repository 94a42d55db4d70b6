import { describe, expect, it } from 'vitest';
import { flashFromHex } from './intel-hex.ts';

const PROGRAM = [':100000000C9434000C943E000C943E000C943E0082', ':00000001FF', ''].join('\n');

describe('flashFromHex', () => {
  it('places data records at their addresses', () => {
    const flash = flashFromHex(PROGRAM);
    expect([...flash.subarray(0, 6)]).toEqual([0x0c, 0x94, 0x34, 0x00, 0x0c, 0x94]);
    expect(flash[16]).toBe(0);
  });

  it('refuses a record whose checksum is wrong', () => {
    expect(() => flashFromHex(PROGRAM.replace('82', '83'))).toThrow('Bad checksum at line 1');
  });

  it('refuses a file cut short before its end record', () => {
    expect(() => flashFromHex(PROGRAM.split('\n')[0] ?? '')).toThrow('no end record');
  });

  it('refuses a program larger than the flash', () => {
    expect(() => flashFromHex(PROGRAM, 8)).toThrow('does not fit');
  });
});
