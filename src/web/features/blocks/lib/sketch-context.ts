import { TRAINER_LCD_ADDRESS } from '#shared/content/trainer-board.ts';
import type { Circuit, WiringPart } from '#shared/content/tutorials.ts';
import {
  boardPinsOf,
  constantName,
  objectName,
  PART_ROLES,
  type PartRole,
  pressedLevel,
  signalPin,
} from './circuit-parts.ts';

/*
 * What a program needs besides its blocks' own lines, collected while its blocks are generated: the
 * parts it uses (each gets its pin constant, its object, its setup lines), the helper functions and
 * the timers of "every N ms". Emitted in the circuit's part order, so the output does not depend on
 * which block used a part first, and each part's setup comes once however many blocks use it.
 */

/** The sketch's text around the blocks' own code, line by line. */
export interface SketchFrame {
  readonly includes: readonly string[];
  readonly globals: readonly string[];
  readonly helpers: readonly string[];
  readonly setup: readonly string[];
}

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;

const HELPERS = {
  showOnLcd: [
    '// Shows a value on one row of the LCD, over whatever the row showed before.',
    'void showOnLcd(int row, String text) {',
    '  lcd.setCursor(0, row);',
    '  lcd.print(text);',
    '  for (int column = text.length(); column < 16; column++) {',
    "    lcd.print(' ');",
    '  }',
    '}',
  ],
  readDistanceCm: [
    '// Measures a distance with an HC-SR04: sound goes there and back, 58 µs for each cm.',
    '// Nothing within about 5 m reads as 999 cm.',
    'long readDistanceCm(int trigPin, int echoPin) {',
    '  digitalWrite(trigPin, LOW);',
    '  delayMicroseconds(2);',
    '  digitalWrite(trigPin, HIGH);',
    '  delayMicroseconds(10);',
    '  digitalWrite(trigPin, LOW);',
    '  unsigned long echo = pulseIn(echoPin, HIGH, 30000);',
    '  if (echo == 0) {',
    '    return 999;',
    '  }',
    '  return echo / 58;',
    '}',
  ],
} as const;

export type HelperName = keyof typeof HELPERS;

export class SketchContext {
  private readonly usedParts = new Set<string>();
  private readonly usedHelpers = new Set<HelperName>();
  private readonly timers: string[] = [];
  private serial = false;
  readonly circuit: Circuit;

  constructor(circuit: Circuit) {
    this.circuit = circuit;
  }

  /** Marks the part as used, so its pin, object and setup are written. */
  markPartUsed(part: WiringPart): void {
    this.usedParts.add(part.id);
    if (PART_ROLES[part.kind] === 'sonar') this.usedHelpers.add('readDistanceCm');
  }

  markHelperUsed(name: HelperName): void {
    this.usedHelpers.add(name);
  }

  markSerialUsed(): void {
    this.serial = true;
  }

  /** Declares a timer for one "every N ms" block; returns its name. */
  addTimer(name: string): string {
    this.timers.push(name);
    return name;
  }

  /** The names of C++ things the generated code may declare for these parts (a variable must not take them). */
  static namesFor(circuit: Circuit): string[] {
    return circuit.parts.flatMap((part) => [
      objectName(part.id),
      `${constantName(part.id)}_PIN`,
      `${constantName(part.id)}_TRIG_PIN`,
      `${constantName(part.id)}_ECHO_PIN`,
    ]);
  }

  /** The pin constant a block writes for this part (for the HC-SR04, `which` picks TRIG or ECHO). */
  pinName(part: WiringPart, which?: 'TRIG' | 'ECHO'): string {
    return which ? `${constantName(part.id)}_${which}_PIN` : `${constantName(part.id)}_PIN`;
  }

  frame(variables: readonly string[]): SketchFrame {
    const parts = this.circuit.parts.filter((part) => this.usedParts.has(part.id));
    const includes = new Set<string>();
    const pins: string[] = [];
    const objects: string[] = [];
    const setup: string[] = this.serial ? ['Serial.begin(9600);'] : [];
    for (const part of parts) {
      const role = PART_ROLES[part.kind];
      if (!role) continue;
      const lines = this.partLines(part, role);
      for (const include of lines.includes ?? []) includes.add(include);
      pins.push(...(lines.pins ?? []));
      objects.push(...(lines.objects ?? []));
      setup.push(...(lines.setup ?? []));
    }
    const globals = [
      ...section(pins),
      ...section(objects),
      ...section([...variables, ...this.timers.map((timer) => `unsigned long ${timer} = 0;`)]),
    ];
    const helpers = [...this.usedHelpers].sort().flatMap((name) => [...HELPERS[name], '']);
    return { includes: [...includes].map((name) => `#include <${name}>`), globals, helpers, setup };
  }

  private partLines(part: WiringPart, role: PartRole): PartLines {
    const pinConstant = (name: string, pin: string, what = '') =>
      `const int ${name} = ${pin};  // ${part.label}${what}`;
    const pin = this.pinName(part);
    const object = objectName(part.id);
    switch (role) {
      case 'switched':
      case 'tone':
        return {
          pins: [pinConstant(pin, signalPin(this.circuit, part))],
          setup: [`pinMode(${pin}, OUTPUT);`],
        };
      case 'button': {
        // A button to ground reads LOW when pressed, through the pin's own pull-up.
        const mode = pressedLevel(this.circuit, part.id) === 'LOW' ? 'INPUT_PULLUP' : 'INPUT';
        return { pins: [pinConstant(pin, signalPin(this.circuit, part))], setup: [`pinMode(${pin}, ${mode});`] };
      }
      case 'detector': {
        const mode = part.kind === 'inductive-sensor' ? 'INPUT_PULLUP' : 'INPUT';
        return { pins: [pinConstant(pin, signalPin(this.circuit, part))], setup: [`pinMode(${pin}, ${mode});`] };
      }
      case 'analog':
        return { pins: [pinConstant(pin, signalPin(this.circuit, part))] };
      case 'sonar': {
        const wired = boardPinsOf(this.circuit, part.id);
        const [trig, echo] = [this.pinName(part, 'TRIG'), this.pinName(part, 'ECHO')];
        return {
          pins: [
            pinConstant(trig, wired.get('TRIG') ?? '?', ', TRIG'),
            pinConstant(echo, wired.get('ECHO') ?? '?', ', ECHO'),
          ],
          setup: [`pinMode(${trig}, OUTPUT);`, `pinMode(${echo}, INPUT);`],
        };
      }
      case 'servo':
        return {
          includes: ['Servo.h'],
          pins: [pinConstant(pin, signalPin(this.circuit, part))],
          objects: [`Servo ${object};`],
          setup: [`${object}.attach(${pin});`],
        };
      case 'lcd':
        // A circuit has one LCD at most, and the blocks and showOnLcd() call it `lcd`.
        return {
          includes: ['Wire.h', 'LiquidCrystal_I2C.h'],
          objects: [`LiquidCrystal_I2C lcd(${hex(TRAINER_LCD_ADDRESS)}, 16, 2);  // ${part.label}`],
          setup: ['lcd.init();', 'lcd.backlight();'],
        };
      case 'dht':
        return {
          includes: ['DHT.h'],
          pins: [pinConstant(pin, signalPin(this.circuit, part))],
          objects: [`DHT ${object}(${pin}, DHT11);`],
          setup: [`${object}.begin();`],
        };
    }
  }
}

interface PartLines {
  readonly includes?: readonly string[];
  readonly pins?: readonly string[];
  readonly objects?: readonly string[];
  readonly setup?: readonly string[];
}

/** Lines followed by a blank line, or nothing. */
const section = (lines: readonly string[]) => (lines.length > 0 ? [...lines, ''] : []);
