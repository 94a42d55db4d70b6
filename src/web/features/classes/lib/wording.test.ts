import { describe, expect, it } from 'vitest';
import { cellLevel, spacedCode, waited } from './wording.ts';

describe('class wording', () => {
  it('spaces a code in two halves', () => {
    expect(spacedCode('ABCDEFGH')).toBe('ABCD EFGH');
  });

  it('says how long someone waited', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(waited('2026-11-25T09:59:30Z', now)).toBe('just now');
    expect(waited('2026-11-25T09:48:00Z', now)).toBe('12 min');
    expect(waited('2026-11-25T08:55:00Z', now)).toBe('1 h 5 min');
  });

  it('colours a cell by the share done', () => {
    expect([0, 1, 4, 7, 10].map((done) => cellLevel(done, 10))).toEqual(['none', 'started', 'half', 'most', 'done']);
  });
});
