import { describe, expect, it } from 'vitest';
import { diffCounts, lineDiff } from './line-diff.ts';

describe('the line diff of the learner’s version against the tutorial’s', () => {
  it('is all "same" when nothing changed', () => {
    const diff = lineDiff('a\nb\nc', 'a\nb\nc');
    expect(diff.every((line) => line.kind === 'same')).toBe(true);
    expect(diffCounts(diff)).toEqual({ added: 0, removed: 0 });
  });

  it('shows a changed line as the old one removed, then the new one added, with both numbers', () => {
    const diff = lineDiff('setup\ndelay(1000);\nloop', 'setup\ndelay(5000);\nloop');
    expect(diff).toEqual([
      { kind: 'same', text: 'setup', before: 1, after: 1 },
      { kind: 'removed', text: 'delay(1000);', before: 2 },
      { kind: 'added', text: 'delay(5000);', after: 2 },
      { kind: 'same', text: 'loop', before: 3, after: 3 },
    ]);
  });

  it('finds added and removed lines in the middle and keeps the rest', () => {
    const diff = lineDiff('a\nb\nc\nd\ne', 'a\nc\nx\ny\nd\ne');
    expect(diff.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['sa', 'rb', 'sc', 'ax', 'ay', 'sd', 'se']);
    expect(diffCounts(diff)).toEqual({ added: 2, removed: 1 });
    expect(diff.find((l) => l.text === 'y')?.after).toBe(4);
  });

  it('ignores line endings (CRLF pasted from Windows)', () => {
    expect(diffCounts(lineDiff('a\nb\n', 'a\r\nb\r\n'))).toEqual({ added: 0, removed: 0 });
  });

  it('handles an empty original or version', () => {
    expect(diffCounts(lineDiff('', 'a\nb'))).toEqual({ added: 2, removed: 1 });
    expect(diffCounts(lineDiff('a\nb', 'a\nb\nc'))).toEqual({ added: 1, removed: 0 });
  });
});
