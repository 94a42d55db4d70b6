import { describe, expect, it } from 'vitest';
import { changedHunks, lineDiff } from './text-diff.ts';

describe('lineDiff', () => {
  it('marks a changed line as removed then added, with both texts’ line numbers', () => {
    const original = 'void setup() {\n  delay(5000);\n}\n';
    const changed = 'void setup() {\n  delay(8000);\n}\n';
    expect(lineDiff(original, changed)).toEqual([
      { kind: 'same', text: 'void setup() {', before: 1, after: 1 },
      { kind: 'removed', text: '  delay(5000);', before: 2 },
      { kind: 'added', text: '  delay(8000);', after: 2 },
      { kind: 'same', text: '}', before: 3, after: 3 },
    ]);
  });

  it('finds lines added in the middle and removed at the end', () => {
    const diff = lineDiff('a\nb\nc\nd', 'a\nx\nb\nc');
    expect(diff.map((line) => `${line.kind[0]}${line.text}`)).toEqual(['sa', 'ax', 'sb', 'sc', 'rd']);
    expect(diff.filter((line) => line.kind === 'same').map((line) => [line.before, line.after])).toEqual([
      [1, 1],
      [2, 3],
      [3, 4],
    ]);
  });

  it('handles empty texts and identical ones', () => {
    expect(lineDiff('', 'a\nb').map((line) => line.kind)).toEqual(['added', 'added']);
    expect(lineDiff('a\nb', '').map((line) => line.kind)).toEqual(['removed', 'removed']);
    expect(lineDiff('same\n', 'same\n').every((line) => line.kind === 'same')).toBe(true);
  });

  it('keeps a long sketch quick (2,000 lines, one change)', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i}`);
    const changed = [...lines];
    changed[1000] = 'changed';
    const diff = lineDiff(lines.join('\n'), changed.join('\n'));
    expect(diff.filter((line) => line.kind !== 'same')).toHaveLength(2);
  });
});

describe('changedHunks', () => {
  it('keeps the changes and their context, and marks what is left out', () => {
    const original = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n');
    const changed = original.replace('l10', 'L10');
    const hunks = changedHunks(lineDiff(original, changed), 1);
    expect(hunks.map((line) => (line === null ? '…' : `${line.kind[0]}${line.text}`))).toEqual([
      '…',
      'sl9',
      'rl10',
      'aL10',
      'sl11',
      '…',
    ]);
  });
});
