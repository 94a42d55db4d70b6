import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Board, PROJECTS, type Project } from './projects.ts';
import {
  codeRefsForStep,
  describeWire,
  findTutorial,
  splitWireEnd,
  TUTORIALS,
  type Tutorial,
  wiresForStep,
} from './tutorials.ts';

const SKETCH_DIR = path.join(import.meta.dirname, 'sketches');
const WIRE_COLORS = ['red', 'black', 'yellow', 'green', 'blue', 'orange', 'white', 'purple', 'brown', 'grey'];

/** What each board offers: digital and analog pin counts, and where its I2C pins are. */
const BOARD_PINS: Readonly<Record<Board, { digital: number; analog: number; sda: string; scl: string }>> = {
  uno: { digital: 14, analog: 6, sda: 'A4', scl: 'A5' },
  nano: { digital: 14, analog: 8, sda: 'A4', scl: 'A5' },
  mega: { digital: 54, analog: 16, sda: 'D20', scl: 'D21' },
};
const POWER_PINS = ['5V', '3.3V', 'GND', 'VIN'];

// Readable limits for a wiring diagram: most tutorials stay at 7 parts and 16 wires; a robot car and the pill
// dispenser need a few more, because every module takes its power from the breadboard rail.
const MAX_PARTS = 8;
const MAX_WIRES = 20;

function sketchOf(slug: string): string {
  return readFileSync(path.join(SKETCH_DIR, `${slug}.ino`), 'utf8');
}

function projectOf(tutorial: Tutorial): Project {
  const project = PROJECTS.find((p) => p.id === tutorial.projectId);
  if (!project) throw new Error(`No project ${tutorial.projectId}`);
  return project;
}

/** The sketch's pin constants, as Arduino pin names: `PUMP_PIN = 7` → D7, `SOIL_SENSOR_PIN = A0` → A0. */
function pinConstants(sketch: string): Map<string, string> {
  const pins = new Map<string, string>();
  for (const match of sketch.matchAll(/(\w+_PIN)\s*=\s*(A?\d+)/g)) {
    const [, name = '', value = ''] = match;
    pins.set(name, value.startsWith('A') ? value : `D${value}`);
  }
  return pins;
}

/** The Arduino pins a step's text names, e.g. "IN to D7" or "AO to A0"; "D8–D11" names D8 and D11. */
function pinsMentioned(text: string): string[] {
  return [...text.matchAll(/\b([DA]\d{1,2})\b/g)].map((m) => m[1] ?? '');
}

/** The function whose body holds a line (0-based), as "name(", or '' outside functions. */
function enclosingFunction(lines: readonly string[], line: number): string {
  for (let i = line; i >= 0; i--) {
    const text = lines[i] ?? '';
    const head = /^[A-Za-z][\w\s*]*?\b(\w+)\([^;]*\)\s*\{\s*$/.exec(text);
    if (head) return `${head[1]}(`;
    if (text.startsWith('}')) return '';
  }
  return '';
}

/** The code names a step's text uses: CONSTANTS (and other all-caps words) and functions written like `loop()`. */
function namesMentioned(text: string): string[] {
  const constants = [...text.matchAll(/\b[A-Z][A-Z0-9_]{2,}\b/g)].map((m) => m[0]);
  const functions = [...text.matchAll(/\b([a-z]\w*)\(\)/g)].map((m) => `${m[1]}(`);
  return [...constants, ...functions];
}

function arduinoPart(tutorial: Tutorial) {
  const part = tutorial.parts.find((p) => p.id === 'arduino');
  if (!part) throw new Error(`${tutorial.slug} has no part with the id "arduino"`);
  return part;
}

describe('TUTORIALS', () => {
  it('has one tutorial per project, with the same slug and board, in project order', () => {
    expect(TUTORIALS.map((t) => t.projectId)).toEqual(PROJECTS.map((p) => p.id));
    for (const tutorial of TUTORIALS) {
      const project = projectOf(tutorial);
      expect(tutorial.slug, `tutorial ${tutorial.projectId}`).toBe(project.slug);
      expect(tutorial.board, tutorial.slug).toBe(project.board);
    }
  });

  it('keeps each diagram small enough to read', () => {
    for (const tutorial of TUTORIALS) {
      expect(tutorial.parts.length, tutorial.slug).toBeLessThanOrEqual(MAX_PARTS);
      expect(tutorial.wires.length, tutorial.slug).toBeLessThanOrEqual(MAX_WIRES);
    }
  });

  it('has parts with unique, dot-free ids and unique pins', () => {
    for (const tutorial of TUTORIALS) {
      const ids = tutorial.parts.map((p) => p.id);
      expect(new Set(ids).size, tutorial.slug).toBe(ids.length);
      for (const part of tutorial.parts) {
        expect(part.id, tutorial.slug).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
        expect(part.label.trim(), `${tutorial.slug} ${part.id}`).not.toBe('');
        expect(part.pins.length, `${tutorial.slug} ${part.id}`).toBeGreaterThan(0);
        expect(new Set(part.pins).size, `${tutorial.slug} ${part.id} pins`).toBe(part.pins.length);
      }
    }
  });

  it('has an Arduino part whose pins exist on its board', () => {
    for (const tutorial of TUTORIALS) {
      const board = BOARD_PINS[tutorial.board];
      for (const pin of arduinoPart(tutorial).pins) {
        const digital = /^D(\d+)$/.exec(pin);
        const analog = /^A(\d+)$/.exec(pin);
        const ok =
          POWER_PINS.includes(pin) ||
          (digital !== null && Number(digital[1]) >= 2 && Number(digital[1]) < board.digital) ||
          (analog !== null && Number(analog[1]) < board.analog);
        // D0 and D1 are the USB serial line: a tutorial never wires them.
        expect(ok, `${tutorial.slug}: ${pin} is not a usable ${tutorial.board} pin`).toBe(true);
      }
    }
  });

  it('connects every wire end to an existing part and one of its pins', () => {
    for (const tutorial of TUTORIALS) {
      for (const wire of tutorial.wires) {
        for (const end of [wire.from, wire.to]) {
          const { part, pin } = splitWireEnd(end);
          const found = tutorial.parts.find((p) => p.id === part);
          expect(found, `${tutorial.slug}: ${end} names no part`).toBeDefined();
          expect(found?.pins, `${tutorial.slug}: ${end} names no pin of ${part}`).toContain(pin);
        }
        expect(splitWireEnd(wire.from).part, `${tutorial.slug}: a wire from a part to itself`).not.toBe(
          splitWireEnd(wire.to).part,
        );
        expect(WIRE_COLORS, `${tutorial.slug}: ${wire.from}`).toContain(wire.color);
      }
    }
  });

  it('uses every pin of every part', () => {
    for (const tutorial of TUTORIALS) {
      const used = new Set(tutorial.wires.flatMap((w) => [w.from, w.to]));
      for (const part of tutorial.parts) {
        for (const pin of part.pins) {
          expect(used.has(`${part.id}.${pin}`), `${tutorial.slug}: ${part.id}.${pin} has no wire`).toBe(true);
        }
      }
    }
  });

  it('never repeats a wire', () => {
    for (const tutorial of TUTORIALS) {
      const keys = tutorial.wires.map((w) => [w.from, w.to].sort().join(' '));
      expect(new Set(keys).size, tutorial.slug).toBe(keys.length);
    }
  });

  it('adds every wire in a step of its project', () => {
    for (const tutorial of TUTORIALS) {
      const steps = projectOf(tutorial).steps.length;
      for (const wire of tutorial.wires) {
        expect(wire.step, `${tutorial.slug}: ${wire.from} → ${wire.to}`).toBeDefined();
        expect(Number.isInteger(wire.step)).toBe(true);
        expect(wire.step).toBeGreaterThanOrEqual(0);
        expect(wire.step).toBeLessThan(steps);
      }
    }
  });

  it('wires I2C parts to the board’s SDA and SCL pins', () => {
    for (const tutorial of TUTORIALS) {
      const { sda, scl } = BOARD_PINS[tutorial.board];
      for (const wire of tutorial.wires) {
        const ends = [splitWireEnd(wire.from), splitWireEnd(wire.to)];
        const bus = ends.find((e) => e.pin === 'SDA' || e.pin === 'SCL');
        if (!bus) continue;
        const other = ends.find((e) => e !== bus);
        expect(other, `${tutorial.slug}: ${wire.from} → ${wire.to}`).toEqual({
          part: 'arduino',
          pin: bus.pin === 'SDA' ? sda : scl,
        });
      }
    }
  });
});

describe('the tutorials and their sketches', () => {
  it('wires every *_PIN constant of the sketch to that Arduino pin', () => {
    for (const tutorial of TUTORIALS) {
      const arduinoPins = arduinoPart(tutorial).pins;
      const constants = pinConstants(sketchOf(tutorial.slug));
      expect(constants.size, `${tutorial.slug} has no pin constants`).toBeGreaterThan(0);
      for (const [name, pin] of constants) {
        expect(arduinoPins, `${tutorial.slug}: ${name} is ${pin}, which the diagram does not wire`).toContain(pin);
        const wired = tutorial.wires.some((w) => w.from === `arduino.${pin}` || w.to === `arduino.${pin}`);
        expect(wired, `${tutorial.slug}: ${name} (${pin}) has no wire`).toBe(true);
      }
    }
  });

  it('wires no Arduino signal pin that the sketch does not use', () => {
    for (const tutorial of TUTORIALS) {
      const sketch = sketchOf(tutorial.slug);
      const used = new Set(pinConstants(sketch).values());
      const { sda, scl } = BOARD_PINS[tutorial.board];
      if (sketch.includes('#include <Wire.h>')) {
        used.add(sda);
        used.add(scl);
      }
      for (const pin of arduinoPart(tutorial).pins.filter((p) => !POWER_PINS.includes(p))) {
        expect(used.has(pin), `${tutorial.slug}: ${pin} is wired but the sketch never uses it`).toBe(true);
      }
    }
  });

  it('names every pin constant after its wiring, ending in _PIN', () => {
    for (const tutorial of TUTORIALS) {
      const sketch = sketchOf(tutorial.slug);
      // Any constant handed to a pin function is a pin constant (LED_BUILTIN is the core's own).
      for (const match of sketch.matchAll(
        /\b(?:pinMode|digitalWrite|digitalRead|analogRead|analogWrite|pulseIn)\(([A-Z]\w*)/g,
      )) {
        const name = match[1] ?? '';
        if (name !== 'LED_BUILTIN') expect(name, tutorial.slug).toMatch(/_PIN$/);
      }
      for (const match of sketch.matchAll(/const uint8_t (\w+)\s*=\s*A\d+;/g)) {
        expect(match[1], tutorial.slug).toMatch(/_PIN$/);
      }
    }
  });

  it('mentions in its steps only Arduino pins that the diagram uses', () => {
    for (const tutorial of TUTORIALS) {
      const project = projectOf(tutorial);
      const pins = arduinoPart(tutorial).pins;
      project.steps.forEach((text, step) => {
        for (const pin of pinsMentioned(text)) {
          expect(pins, `${tutorial.slug} step ${step + 1} mentions ${pin}`).toContain(pin);
        }
      });
    }
  });

  it('points each step at real, non-blank lines of the sketch', () => {
    for (const tutorial of TUTORIALS) {
      const lines = sketchOf(tutorial.slug).split('\n');
      const steps = projectOf(tutorial).steps.length;
      expect(tutorial.codeRefs.length, tutorial.slug).toBeGreaterThan(0);
      for (const ref of tutorial.codeRefs) {
        const where = `${tutorial.slug} step ${ref.step + 1} lines ${ref.from}-${ref.to}`;
        expect(Number.isInteger(ref.step) && ref.step >= 0 && ref.step < steps, where).toBe(true);
        expect(Number.isInteger(ref.from) && Number.isInteger(ref.to), where).toBe(true);
        expect(ref.from, where).toBeGreaterThanOrEqual(1);
        expect(ref.from, where).toBeLessThanOrEqual(ref.to);
        expect(ref.to, where).toBeLessThanOrEqual(lines.length);
        expect(lines[ref.from - 1]?.trim(), `${where}: the first line is blank`).not.toBe('');
      }
    }
  });

  it('points each step at lines that hold what the step talks about', () => {
    // A code reference that has drifted (after an edit of the sketch) no longer contains the names the step uses.
    for (const tutorial of TUTORIALS) {
      const lines = sketchOf(tutorial.slug).split('\n');
      const steps = projectOf(tutorial).steps;
      for (const ref of tutorial.codeRefs) {
        const text = steps[ref.step] ?? '';
        // The lines themselves, plus the name of the function they are in ("See how loop() steers").
        const code = `${enclosingFunction(lines, ref.from - 1)}\n${lines.slice(ref.from - 1, ref.to).join('\n')}`;
        const names = namesMentioned(text).filter((name) => code.includes(name));
        const pins = pinsMentioned(text).filter((pin) => {
          const value = pin.startsWith('A') ? pin : pin.slice(1);
          return new RegExp(`_PIN\\s*=\\s*${value}\\b`).test(code) || code.includes(pin);
        });
        expect(
          names.length + pins.length,
          `${tutorial.slug} step ${ref.step + 1} (lines ${ref.from}-${ref.to}) shares no name or pin with its code`,
        ).toBeGreaterThan(0);
      }
    }
  });
});

describe('findTutorial', () => {
  it('finds a tutorial by slug', () => {
    expect(findTutorial('solar-tracking-robot')?.projectId).toBe(5);
  });

  it('returns undefined for an unknown slug', () => {
    expect(findTutorial('time-machine')).toBeUndefined();
  });
});

describe('describeWire', () => {
  it('names both ends by their part labels and the colour', () => {
    const tutorial = findTutorial('plant-watering-robot');
    if (!tutorial) throw new Error('missing tutorial');
    expect(describeWire(tutorial, { from: 'soil.AOUT', to: 'arduino.A0', color: 'yellow' })).toBe(
      'Soil moisture sensor AOUT → Arduino Uno A0, yellow wire',
    );
  });

  it('keeps pins that contain a dot, and falls back to the id of an unknown part', () => {
    const tutorial = findTutorial('plant-watering-robot');
    if (!tutorial) throw new Error('missing tutorial');
    expect(describeWire(tutorial, { from: 'arduino.3.3V', to: 'mystery.IN', color: 'red' })).toBe(
      'Arduino Uno 3.3V → mystery IN, red wire',
    );
  });
});

describe('wiresForStep and codeRefsForStep', () => {
  it('return what one step adds', () => {
    const tutorial = findTutorial('plant-watering-robot');
    if (!tutorial) throw new Error('missing tutorial');
    expect(wiresForStep(tutorial, 2).map((w) => w.from)).toEqual(['soil.VCC', 'soil.GND', 'soil.AOUT']);
    expect(codeRefsForStep(tutorial, 4)).toHaveLength(1);
    expect(wiresForStep(tutorial, 0)).toEqual([]);
  });
});
