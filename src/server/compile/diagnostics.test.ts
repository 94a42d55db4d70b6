import { describe, expect, it } from 'vitest';
import { diagnosticSchema } from '#shared/schemas/sketch-compile.ts';
import { DIAGNOSTIC_LINE_MAX, parseDiagnostics, withoutPaths } from './diagnostics.ts';

/** A line of at least 2 MB made of `unit`, as the compiler may print one for a crafted sketch. */
const longLine = (unit: string) => unit.repeat(Math.ceil((2 * 1024 * 1024) / unit.length));

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

  // The old linker pattern (`section .* will not fit in region .*`) took 199 s on this line (measured
  // once): it read to the line's end from every `: section ` (issue 41's 449-byte sketch printed one of 327 KB).
  it('reads the line a symbol named `: section : section …` makes the linker print, in one pass', {
    timeout: 5_000,
  }, () => {
    const output = [
      `/tmp/ccAbc.o: In function \`${longLine(': section ')}':`,
      "sketch.ino:(.text+0x0): undefined reference to `nothere()'",
      'collect2: error: ld returned 1 exit status',
    ].join('\n');
    expect(parseDiagnostics(output)).toEqual([
      { line: 1, column: 0, severity: 'error', message: "undefined reference to `nothere()'" },
    ]);
  });

  // A carriage return kept the old LOCATED pattern from matching, and the linker pattern then took
  // 223 s on this line (measured once).
  it('cuts a long message, which then ends with "…"', { timeout: 5_000 }, () => {
    const [diagnostic] = parseDiagnostics(`sketch.ino:3:1: error: ${longLine(': section ')}\r`);
    expect(diagnostic).toMatchObject({ line: 3, column: 1, severity: 'error' });
    expect(diagnostic?.message.length).toBeLessThanOrEqual(DIAGNOSTIC_LINE_MAX + 1);
    expect(diagnostic?.message).toMatch(/^: section : section .*…$/);
  });

  it('gives only lines and columns the answer can carry, whatever the sketch makes the assembler print', () => {
    const output = [
      'sketch.ino:0:0: error: before the first line',
      `sketch.ino:${'9'.repeat(30)}:1: error: forged`,
      `sketch.ino:2:${'9'.repeat(3000)}: error: forged`,
    ].join('\n');
    const diagnostics = parseDiagnostics(output);
    expect(diagnostics[0]).toEqual({ line: 1, column: 0, severity: 'error', message: 'before the first line' });
    expect(diagnostics.every((diagnostic) => diagnosticSchema.safeParse(diagnostic).success)).toBe(true);
  });

  it('names the missing file by its base name, spaces and all', () => {
    const output = [
      'sketch.ino:1:10: fatal error: secret dir/x.ino: No such file or directory',
      "/usr/lib/avr/include/util/delay.h:90:3: warning: #warning 'F_CPU not defined' [-Wcpp]",
    ].join('\n');
    expect(parseDiagnostics(output).map((d) => d.message)).toEqual([
      'x.ino: No such file or directory',
      "delay.h:90: #warning 'F_CPU not defined' [-Wcpp]",
    ]);
  });
});

describe('withoutPaths', () => {
  it('leaves base names only', () => {
    expect(withoutPaths('/usr/lib/gcc/avr/5.4.0/include/x.h: No such file')).toBe('x.h: No such file');
  });

  it.each([
    ['fatal error: secret dir/x.ino: No such file or directory', 'fatal error: x.ino: No such file or directory'],
    [
      'cannot open linker script file /job/my dir/x.ld: No such file or directory',
      'cannot open linker script file x.ld: No such file or directory',
    ],
    ['In file included from /arduino/build/libraries/Servo/Servo.h:3:0', 'In file included from Servo.h:3:0'],
    ['In file included from libraries/Servo/Servo.h:3:0,', 'In file included from Servo.h:3:0,'],
    ["‘/usr/lib/gcc/avr/5.4.0/include/x y.h’ and '/my files/a b.h'", "‘x y.h’ and 'a b.h'"],
    ['"/usr/share/arduino/é t/z.h" or </usr/lib/avr/include/avr io.h>', '"z.h" or <avr io.h>'],
    ['See <http://gcc.gnu.org/bugs.html> for instructions.', 'See <bugs.html> for instructions.'],
    [
      'see https://gcc.gnu.org/onlinedocs/gcc/Warning-Options.html#x, or ftp://x.org/',
      'see Warning-Options.html#x, or x.org',
    ],
  ])('reduces every path and URL in %j', (text, reduced) => {
    expect(withoutPaths(text)).toBe(reduced);
  });

  it.each([
    "expected ';' before '/' token",
    "no match for 'operator/' (operand types are 'String' and 'int')",
    "suggest parentheses around '(a / b)' in operand of '&'",
    'division by zero [-Wdiv-by-zero]',
  ])('leaves code that is no path: %j', (text) => {
    expect(withoutPaths(text)).toBe(text);
  });

  // The old withoutPaths was quick here, but gave back all 2 MB, every secret dir's name in it.
  it('cuts a long text before it reads it, and ends it with "…"', { timeout: 5_000 }, () => {
    const reduced = withoutPaths(longLine("‘/usr/secret dir/x y.h’ /job/secret/a 'b"));
    expect(reduced).toMatch(/^‘x y\.h’ a 'b‘x y\.h’ a 'b.*…$/);
    expect(reduced).not.toContain('secret');
    expect(reduced.length).toBeLessThanOrEqual(DIAGNOSTIC_LINE_MAX + 1);
  });
});
