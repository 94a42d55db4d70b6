import { describe, expect, it } from 'vitest';
import { courtesyRefusal, topLevelFunctions, translationUnit, withoutCommentsAndStrings } from './sketch-source.ts';

/** Far more than the 64 KB a sketch may be: what the parsers here must read in one pass. */
const TWO_MB = 2 * 1024 * 1024;

describe('topLevelFunctions', () => {
  it('declares a function whose parameters hold a function pointer', () => {
    const source = 'void loop() { every(100, blink); }\nvoid every(unsigned long ms, void (*action)()) { action(); }\n';
    expect(topLevelFunctions(source)).toMatchObject([
      { prototype: 'void loop();', line: 1 },
      { prototype: 'void every(unsigned long ms, void (*action)());', line: 2 },
    ]);
  });

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
    expect(topLevelFunctions(source)).toMatchObject([
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

  // The old code counted each function's line from the top: 0.47 s for 64 KB of these, and 649 s
  // (measured once) for this.
  it('finds every function of a long sketch, counting its lines once', { timeout: 5_000 }, () => {
    const count = Math.ceil(TWO_MB / 11);
    const functions = topLevelFunctions('void f(){}\n'.repeat(count));
    expect(functions).toHaveLength(count);
    expect(functions.at(-1)).toEqual({ prototype: 'void f();', line: count, conditions: [] });
  });

  // The old code read each of these in under 0.5 s (FUNCTION_HEAD's repeated group gives back little:
  // a word and the spaces after it share no character), but made a 2 MB prototype of the first.
  it('makes no prototype from a head too long to be one, and reads long lines once', { timeout: 5_000 }, () => {
    const words = `${'w'.repeat(69)} `.repeat(30_000);
    expect(topLevelFunctions(`${words}f() {}`)).toEqual([]);
    expect(topLevelFunctions(`${words}{}`)).toEqual([]);
    const after = [{ prototype: 'void g();', line: 2, conditions: [] }];
    expect(topLevelFunctions(`${'*'.repeat(TWO_MB)};\nvoid g() {}`)).toEqual(after);
    expect(topLevelFunctions(`x ${'#'.repeat(TWO_MB)};\nvoid g() {}`)).toEqual(after);
    expect(topLevelFunctions(`void f() {${'{'.repeat(TWO_MB)}`)).toEqual([
      { prototype: 'void f();', line: 1, conditions: [] },
    ]);
    expect(topLevelFunctions(`${'('.repeat(TWO_MB)}\nvoid g() {}`)).toEqual([]);
  });

  it('reads a `#` after code on its line as code, and one after spaces as a preprocessor line', () => {
    const source = [`${' '.repeat(300)}#define X {`, 'void f() {}', 'int a = 1 # 2; void g() {}'].join('\n');
    expect(topLevelFunctions(source)).toMatchObject([
      { prototype: 'void f();', line: 2 },
      { prototype: 'void g();', line: 3 },
    ]);
  });
});

describe('translationUnit', () => {
  it('puts Arduino.h first and the prototypes before the first function, each on its own function’s line', () => {
    const unit = translationUnit('int led = 13;\nvoid setup() { blink(); }\nvoid blink() { }\n');
    expect(unit).toBe(
      [
        '#include <Arduino.h>',
        '#line 1 "sketch.ino"',
        'int led = 13;',
        '#line 2 "sketch.ino"',
        'void setup();',
        '#line 3 "sketch.ino"',
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

describe('translationUnit, where the IDE would fail and need not', () => {
  it('declares a function inside the same conditional sections as its definition', () => {
    const source = [
      'void setup() {}', // 1
      '#ifdef ARDUINO_AVR_MEGA2560', // 2
      'void megaOnly() {}', // 3
      '#else', // 4
      'void unoOnly() {}', // 5
      '#endif', // 6
      'void loop() {}', // 7
    ].join('\n');
    expect(topLevelFunctions(source).map((fn) => fn.conditions)).toEqual([
      [],
      [['#ifdef ARDUINO_AVR_MEGA2560']],
      [['#ifdef ARDUINO_AVR_MEGA2560', '#else']],
      [],
    ]);
    expect(translationUnit(source)).toContain(
      ['#ifdef ARDUINO_AVR_MEGA2560', '#else', '#line 5 "sketch.ino"', 'void unoOnly();', '#endif'].join('\n'),
    );
  });

  it('leaves out the prototype of a function whose type is declared later, when nothing calls it earlier', () => {
    const unused = 'void setup() {}\nvoid loop() {}\nstruct Reading { int value; };\nvoid show(Reading r) {}\n';
    expect(translationUnit(unused)).not.toContain('void show(Reading r);');
    const called =
      'void setup() {}\nvoid loop() { show(Reading()); }\nstruct Reading { int value; };\nvoid show(Reading r) {}\n';
    // Called before its definition: declared as the IDE would (and fails as there).
    expect(translationUnit(called)).toContain('void show(Reading r);');
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

  // The old code read this in under 0.5 s (measured once), but an unclosed literal took its line break along.
  it('keeps every line of long and unclosed literals and comments', { timeout: 5_000 }, () => {
    const source = [`char c = 'x;`, `"${'\\"'.repeat(TWO_MB / 2)}`, "'".repeat(TWO_MB), `/*${'*'.repeat(TWO_MB)}`].join(
      '\n',
    );
    const blanked = withoutCommentsAndStrings(source);
    expect(blanked.split('\n').map((line) => line.length)).toEqual(source.split('\n').map((line) => line.length));
    expect(blanked.split('\n')[0]).toBe("char c = '  ");
    expect(blanked).not.toMatch(/[x*\\]/);
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

  it.each([
    ['#pragma GCC optimize ("O0")', 1],
    ['// fine\n  #  pragma   GCC   optimize("-ftemplate-depth=100000")', 2],
    ['%:pragma GCC push_options', 1],
    ['#pragma /* a comment */ GCC optimize 3', 1],
    ['_Pragma("GCC optimize(\\"O3\\")")', 1],
    ['void f();\n_Pragma ( "GCC push_options" )', 2],
    ['void f() __attribute__((optimize("O0")));', 1],
    ['__attribute__ (( __optimize__ (3) )) void g() {}', 1],
    ['__attribute__((noinline, optimize("Os"))) void h() {}', 1],
    ['#define FAST __attribute__((__optimize__("O3")))', 1],
    ['[[gnu::optimize("O0")]] void k() {}', 1],
  ])('refuses %j, which would change the compiler’s settings, on its line', (source, line) => {
    expect(courtesyRefusal(source)).toEqual({
      line,
      message:
        'Programs here are compiled with fixed settings: `#pragma GCC optimize` and `__attribute__((optimize))` cannot change them.',
    });
  });

  it('lets through comments and strings that mention the settings, and other pragmas and attributes', () => {
    const source = [
      '// #pragma GCC optimize ("O0")',
      '/* __attribute__((optimize(0))) */',
      'const char *s = "#pragma GCC optimize";',
      'void setup() { Serial.println("_Pragma(\\"GCC optimize\\")"); }',
      '#pragma once',
      '__attribute__((noinline)) void optimize() { }',
      'void loop() { optimize(); }',
    ].join('\n');
    expect(courtesyRefusal(source)).toBeNull();
  });

  // The old code took 1.9 s on 64 KB of `<` (measured once) and four times as long for each doubling:
  // it read to the line's end from every `<`. This 2 MB line would take it about half an hour.
  it('reads an #include line of 2 MB of `<` in one pass', { timeout: 5_000 }, () => {
    expect(courtesyRefusal(`#include <${'<'.repeat(TWO_MB)}\n#include "/etc/passwd"`)).toMatchObject({ line: 2 });
  });
});
