import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRAINER_BOARD, TRAINER_PINS } from '#shared/content/trainer-board.ts';
import { TRAINER_STARTERS } from '#shared/content/trainer-starters/starters.ts';
import { ROOT } from '#test/repository-root.ts';
import { PART_MODELS } from './parts/index.ts';

const STARTERS_DIR = path.join(ROOT, 'src/shared/content/trainer-starters');

/** The Arduino pin a part's pin is wired to directly ('D2', 'A0'), if any. */
function arduinoPinsOf(partId: string): string[] {
  return TRAINER_BOARD.wires.flatMap(({ from, to }) => {
    const ends = [from, to];
    const other = ends.find((end) => end.startsWith('arduino.'));
    return other && ends.some((end) => end.startsWith(`${partId}.`)) ? [other.slice('arduino.'.length)] : [];
  });
}

/** `2` → D2, `A0` and `A4 (SDA)` → A0, A4: the trainer table's pins as the wiring names them. */
const wiringName = (pin: string) => {
  const name = pin.split(' ')[0] ?? '';
  return name.startsWith('A') ? name : `D${name}`;
};

describe('the trainer board', () => {
  it('has a model for every part and a wire for every pin it draws', () => {
    const ends = new Set(TRAINER_BOARD.wires.flatMap(({ from, to }) => [from, to]));
    for (const part of TRAINER_BOARD.parts) {
      expect(PART_MODELS[part.kind], part.id).toBeTypeOf('function');
      for (const pin of part.pins) expect(ends.has(`${part.id}.${pin}`), `${part.id}.${pin}`).toBe(true);
    }
  });

  it('documents every Arduino pin it wires, on the part wired to it, and no other', () => {
    const documented = TRAINER_PINS.map(({ pin }) => wiringName(pin)).sort();
    const signalPins = TRAINER_BOARD.parts
      .find((part) => part.id === 'arduino')
      ?.pins.filter((pin) => pin !== '5V' && pin !== 'GND')
      .sort();
    expect(documented).toEqual(signalPins);
    for (const { pin, partId } of TRAINER_PINS) expect(arduinoPinsOf(partId), pin).toContain(wiringName(pin));
  });

  it('keeps the pins an Uno uses for something else free: serial (D0, D1) and the built-in LED (D13)', () => {
    const wired = TRAINER_BOARD.parts.flatMap((part) => arduinoPinsOf(part.id));
    for (const pin of ['D0', 'D1', 'D13']) expect(wired).not.toContain(pin);
  });

  it.each(TRAINER_STARTERS.map((s) => [s.id, s.file] as const))(
    '%s: every *_PIN constant is a trainer pin',
    (_id, file) => {
      const sketch = readFileSync(path.join(STARTERS_DIR, file), 'utf8');
      const pins = [...sketch.matchAll(/(\w+_PIN)\s*=\s*(A?\d+)/g)].map((match) => wiringName(match[2] ?? ''));
      const wired = new Set(TRAINER_PINS.map(({ pin }) => wiringName(pin)));
      for (const pin of pins) expect(wired.has(pin), `${file}: ${pin}`).toBe(true);
    },
  );
});
