import { describe, expect, it } from 'vitest';
import { inPlainWords } from './plain-words.ts';

const SOURCE = ['void setup() {', '  pinMode(13, OUTPUT)', '  Serial.begin(9600);', '}', ''].join('\n');

describe('inPlainWords', () => {
  it('puts a missing `;` at the end of the line it belongs to, not the next one GCC names', () => {
    expect(
      inPlainWords({ line: 3, column: 3, severity: 'error', message: "expected ';' before 'Serial'" }, SOURCE),
    ).toEqual({
      line: 2,
      severity: 'error',
      plain: 'Line 2: a `;` is missing at the end of this line.',
      compiler: "expected ';' before 'Serial'",
    });
    // In the middle of a line, the token GCC names is on the same line.
    expect(
      inPlainWords({ line: 2, column: 22, severity: 'error', message: "expected ';' before ')' token" }, SOURCE).line,
    ).toBe(2);
  });

  it.each([
    ["'ledPin' was not declared in this scope", '`ledPin` is not known here'],
    [
      "cannot convert 'String' to 'const char*' for argument '1'",
      'a `String` cannot be used where a `const char*` is needed',
    ],
    [
      "return-statement with a value, in function returning 'void' [-fpermissive]",
      'a `void` function gives nothing back',
    ],
    ['comparison between signed and unsigned integer expressions [-Wsign-compare]', 'can be negative'],
    ["'Servo::attach' was not declared", '`Servo::attach` is not known here'],
    ["expected '}' before 'else'", 'a `}` is missing'],
    ["expected '}' at end of input", 'a `}` is missing'],
    ["redefinition of 'int speed'", '`int speed` is defined twice'],
    ["too few arguments to function 'void tone(uint8_t, unsigned int, long unsigned int)'", 'needs more values'],
    [
      "invalid conversion from 'const char*' to 'int' [-fpermissive]",
      'a `const char*` is used where a `int` is needed',
    ],
    ["undefined reference to `loop'", 'every sketch needs `setup()` and `loop()`'],
    ["stray '\\342' in program", 'fancy quotes'],
    ['Servo.h: No such file or directory', 'there is no library `Servo.h` here'],
    ["unused variable 'x' [-Wunused-variable]", '`x` is never used'],
  ])('says %j plainly', (message, words) => {
    const said = inPlainWords({ line: 2, column: 5, severity: 'error', message }, SOURCE);
    expect(said.plain).toContain(words);
    expect(said.plain).toMatch(/^Line \d+: /);
    expect(said.compiler).toBe(message);
  });

  // The old code took 14 s here (measured once): it walked down to the sketch from line 2,147,483,648,
  // which `#line 2147483647` lets a sketch's message name.
  it('places a missing `;` on the sketch’s last line of code when GCC names a line past its end', {
    timeout: 5_000,
  }, () => {
    const message = "expected ';' before 'x'";
    expect(inPlainWords({ line: 2 ** 31, column: 1, severity: 'error', message }, SOURCE).line).toBe(4);
  });

  // The old code was as quick on these (16 ms at most, measured once: every rule is anchored), but gave
  // back every character of them.
  it.each([
    `#error ${'x'.repeat(2 * 1024 * 1024)}`,
    `expected primary-expression before '${"'".repeat(2 * 1024 * 1024)}`,
    `redefinition of '${'x'.repeat(2 * 1024 * 1024)}`,
    `${'a:'.repeat(1024 * 1024)} No such file or directory`,
  ])(
    'reads and shows at most 2,000 characters of a long message, a cut one ending with "…" (%#)',
    { timeout: 5_000 },
    (message) => {
      const said = inPlainWords({ line: 2, column: 5, severity: 'error', message }, SOURCE);
      expect(said.compiler).toBe(`${message.slice(0, 2_000)}…`);
      expect(said.plain.length).toBeLessThan(2_100);
    },
  );

  it('keeps what it does not know in the compiler’s words', () => {
    expect(inPlainWords({ line: 4, column: 1, severity: 'warning', message: 'something rare' }, SOURCE)).toEqual({
      line: 4,
      severity: 'warning',
      plain: 'Line 4: a warning.',
      compiler: 'something rare',
    });
  });
});
