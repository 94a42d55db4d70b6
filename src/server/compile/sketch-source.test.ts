import { describe, expect, it } from 'vitest';
import { courtesyRefusal, topLevelFunctions, translationUnit, withoutCommentsAndStrings } from './sketch-source.ts';

describe('topLevelFunctions', () => {
  it('finds each function defined at the top level, with its line, as the IDE would declare it', () => {
    const source = [
      '#include <Servo.h>', // 1
      'Servo arm;', // 2
      'const int PINS[] = { 2, 3 };', // 3
      'struct Reading { int value; };', // 4
      '', // 5
      'void setup() {', // 6
      '  if (ready()) { arm.attach(9); }', // 7
      '}', // 8
      'void loop() { wave(3); }', // 9
      '// void commented() {}', // 10
      'unsigned long', // 11
      'distanceCm(int trig, int echo) {', // 12
      '  return pulseIn(echo, HIGH) / 58;', // 13
      '}', // 14
      'static bool ready() { return "{" != 0; }', // 15
      'void wave(int times) { for (int i = 0; i < times; i++) { arm.write(i * 30); } }', // 16
    ].join('\n');
    expect(topLevelFunctions(source)).toEqual([
      { prototype: 'void setup();', line: 6 },
      { prototype: 'void loop();', line: 9 },
      { prototype: 'unsigned long distanceCm(int trig, int echo);', line: 11 },
      { prototype: 'static bool ready();', line: 15 },
      { prototype: 'void wave(int times);', line: 16 },
    ]);
  });

  it('makes no prototype where repeating the head would not compile', () => {
    const source = [
      'template <typename T> T twice(T x) { return x * 2; }',
      'class Motor { public: void run() { } };',
      'void Motor::stop() { }',
      'void beep(int ms = 100) { tone(8, 440, ms); }',
      'ISR(TIMER1_COMPA_vect) { }',
      'int values[] = { 1, 2 };',
      'void setup() { }',
    ].join('\n');
    expect(topLevelFunctions(source).map((fn) => fn.prototype)).toEqual(['void setup();']);
  });
});

describe('translationUnit', () => {
  it('puts Arduino.h first and the prototypes before the first function, with #line directives back to the learner’s lines', () => {
    const unit = translationUnit('int led = 13;\nvoid setup() { blink(); }\nvoid blink() { }\n');
    expect(unit).toBe(
      [
        '#include <Arduino.h>',
        '#line 1 "sketch.ino"',
        'int led = 13;',
        '#line 2 "sketch.ino"',
        'void setup();',
        'void blink();',
        '#line 2 "sketch.ino"',
        'void setup() { blink(); }',
        'void blink() { }',
        '',
        '',
      ].join('\n'),
    );
  });
});

describe('withoutCommentsAndStrings', () => {
  it('blanks comments, strings and characters, keeping every line and column', () => {
    const source = 'a = "x{y"; // }\nb = \'{\'; /* {\n} */ c();';
    const blanked = withoutCommentsAndStrings(source);
    expect(blanked.split('\n').map((line) => line.length)).toEqual(source.split('\n').map((line) => line.length));
    expect(blanked).not.toMatch(/[{}]/);
    expect(blanked).toContain('c();');
  });
});

describe('courtesyRefusal', () => {
  it.each([
    ['#include "/etc/passwd"', 1],
    ['// fine\n  #  include </dev/zero>', 2],
    ['%:include "../secret.h"', 1],
    ['asm(".incbin \\"/etc/passwd\\"");', 1],
  ])('refuses %j kindly, on its line', (source, line) => {
    expect(courtesyRefusal(source)).toMatchObject({ line });
  });

  it('lets libraries and the learner’s own words through', () => {
    expect(courtesyRefusal('#include <Servo.h>\n#include "Wire.h"\n// see /etc/passwd\nchar *s = "../up";')).toBeNull();
  });
});
