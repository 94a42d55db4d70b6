import { describe, expect, it } from 'vitest';
import { parseDiagnostics, withoutPaths } from './diagnostics.ts';

describe('parseDiagnostics', () => {
  it('reads errors and warnings of the learner’s sketch, a header’s messages on the line that included it, and the linker’s on line 1', () => {
    const output = [
      "sketch.ino: In function 'void loop()':",
      "sketch.ino:12:3: error: expected ';' before 'delay'",
      "sketch.ino:9:7: warning: unused variable 'x' [-Wunused-variable]",
      'In file included from sketch.ino:2:0:',
      "/arduino/build/libraries/Servo/Servo.h:40:10: error: 'foo' does not name a type",
      "/tmp/ccAbc.o: In function `main':",
      "main.cpp:(.text.startup.main+0x8): undefined reference to `loop'",
      'collect2: error: ld returned 1 exit status',
    ].join('\n');
    expect(parseDiagnostics(output)).toEqual([
      { line: 12, column: 3, severity: 'error', message: "expected ';' before 'delay'" },
      { line: 9, column: 7, severity: 'warning', message: "unused variable 'x' [-Wunused-variable]" },
      { line: 2, column: 0, severity: 'error', message: "Servo.h:40: 'foo' does not name a type" },
      { line: 1, column: 0, severity: 'error', message: "undefined reference to `loop'" },
    ]);
  });

  it('places a message about a header the sketch did not include (Arduino.h) on the line its note names', () => {
    const output = [
      "sketch.ino:74:3: error: expected ';' before 'Serial'",
      "/arduino/core/cores/arduino/WString.h:38:74: error: expected primary-expression before ')' token",
      "sketch.ino:75:18: note: in expansion of macro 'F'",
    ].join('\n');
    expect(parseDiagnostics(output).map((d) => [d.line, d.column, d.message])).toEqual([
      [74, 3, "expected ';' before 'Serial'"],
      [75, 18, "WString.h:38: expected primary-expression before ')' token"],
    ]);
  });

  it('keeps at most the count asked for, and each message once', () => {
    const output = Array.from({ length: 100 }, (_, i) => `sketch.ino:${i + 1}:1: error: boom`).join('\n');
    expect(parseDiagnostics(`${output}\n${output}`, 10)).toHaveLength(10);
  });
});

describe('withoutPaths', () => {
  it('leaves base names only', () => {
    expect(withoutPaths('/usr/lib/gcc/avr/5.4.0/include/x.h: No such file')).toBe('x.h: No such file');
  });
});
