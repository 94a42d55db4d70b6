import { describe, expect, it } from 'vitest';
import { lineDiff } from '#shared/text-diff.ts';
import { mapLineRange } from './map-lines.ts';

const ORIGINAL = [
  '// plant',
  'const int PUMP = 7;',
  'void setup() {',
  '  pinMode(PUMP, OUTPUT);',
  '}',
  'void loop() {}',
].join('\n');

describe('a step’s lines of the tutorial’s sketch, found in the learner’s version', () => {
  it('are the same lines when nothing changed', () => {
    expect(mapLineRange(lineDiff(ORIGINAL, ORIGINAL), { from: 3, to: 5 })).toEqual({ from: 3, to: 5 });
  });

  it('move down by the lines the learner added above them', () => {
    const changed = ORIGINAL.replace('// plant', '// plant\n// my notes\n// more notes');
    expect(mapLineRange(lineDiff(ORIGINAL, changed), { from: 3, to: 5 })).toEqual({ from: 5, to: 7 });
  });

  it('move up by the lines removed above them, and keep a changed line in the range', () => {
    const changed = ORIGINAL.replace('// plant\n', '').replace(
      'pinMode(PUMP, OUTPUT);',
      'pinMode(PUMP, OUTPUT); // pump',
    );
    expect(mapLineRange(lineDiff(ORIGINAL, changed), { from: 3, to: 5 })).toEqual({ from: 2, to: 4 });
  });

  it('stay inside the learner’s sketch when it got shorter (a removed line starts at the line that took its place)', () => {
    expect(mapLineRange(lineDiff(ORIGINAL, 'void setup() {}\nvoid loop() {}'), { from: 5, to: 6 })).toEqual({
      from: 1,
      to: 2,
    });
    expect(mapLineRange(lineDiff(ORIGINAL, 'void setup() {}'), { from: 6, to: 6 })).toEqual({ from: 1, to: 1 });
  });
});
