import { describe, expect, it } from 'vitest';
import { lineRangeHash, lineRangeLabel, parseLineRangeHash } from './code-anchor.ts';

describe('line range anchors', () => {
  it('writes and reads a range and a single line', () => {
    expect(lineRangeHash({ from: 12, to: 20 })).toBe('L12-L20');
    expect(lineRangeHash({ from: 7, to: 7 })).toBe('L7');
    expect(parseLineRangeHash('#L12-L20')).toEqual({ from: 12, to: 20 });
    expect(parseLineRangeHash('#L7')).toEqual({ from: 7, to: 7 });
    expect(parseLineRangeHash('L20-L12')).toEqual({ from: 12, to: 20 });
  });

  it('ignores other hashes', () => {
    for (const hash of ['', '#', '#step-3', '#L', '#L0', '#Lx', '#L1-', '#l12', '#L12-20']) {
      expect(parseLineRangeHash(hash), hash).toBeNull();
    }
  });

  it('labels a range with an en dash', () => {
    expect(lineRangeLabel({ from: 12, to: 20 })).toBe('See lines 12–20');
    expect(lineRangeLabel({ from: 3, to: 3 })).toBe('See line 3');
  });
});
