import { describe, expect, it } from 'vitest';
import { firstToFix, inPlainWords, type PlainDiagnostic } from './plain-words.ts';

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
    // Not "the compiler stopped here": it did not, and the next messages say where else it looked.
    expect(inPlainWords({ line: 4, column: 1, severity: 'error', message: 'something rare' }, SOURCE).plain).toBe(
      'Line 4: the compiler found a mistake here.',
    );
  });
});

/** A beginner's sketch, its lines numbered as the editor numbers them. */
const SKETCH = [
  'const int LED_PIN = 13;', // 1
  'const unsigned long BLINK_MS = 500', // 2: its `;` missing
  'const unsigned long PAUSE_MS = 1000;', // 3
  'bool ready = false', // 4: its `;` missing
  '', // 5
  '// Turns the LED on, then off.', // 6
  '/* A comment of the old kind', // 7
  ' * on two lines. */', // 8
  'void blink() {', // 9
  '  digitalWrite(LED_PIN, HIGH);', // 10
  '  delay(BLINK_MS', // 11: its `)` missing
  '  digitalWrite(LED_PIN, LOW);', // 12
  '}', // 13
  '', // 14
  'void setup() {', // 15
  '  pinMode(LED_PIN, OUTPUT);', // 16
  '}', // 17
  '', // 18
  'void loop() {', // 19
  '  if (ready = true) blink();', // 20
  '  delay(PAUSE_MS);', // 21
  '}', // 22
  '', // 23
].join('\n');

const error = (line: number, column: number, message: string) =>
  inPlainWords({ line, column, severity: 'error', message }, SKETCH);

describe('inPlainWords, for the mistakes beginners make most', () => {
  it('a missing `;` after a declaration: GCC expects "," or ";" before the next line’s first word', () => {
    expect(error(3, 1, "expected ',' or ';' before 'const'")).toEqual({
      line: 2,
      severity: 'error',
      plain: 'Line 2: a `;` is missing at the end of this line.',
      compiler: "expected ',' or ';' before 'const'",
    });
  });

  it('a missing `;` above comments is placed on the line of code, not on a comment', () => {
    // GCC names the first function's line (its prototype is placed there), after two comments.
    expect(error(9, 1, "expected ',' or ';' before 'void'").plain).toBe(
      'Line 4: a `;` is missing at the end of this line.',
    );
    expect(error(9, 1, "expected initializer before 'void'").plain).toBe(
      'Line 4: a `;` is missing at the end of this line.',
    );
  });

  it('a missing `)`, GCC naming the next line’s first word: the `)` goes at the end of the line before', () => {
    expect(error(12, 3, "expected ')' before 'digitalWrite'")).toMatchObject({
      line: 11,
      plain: 'Line 11: a `)` is missing: every `(` needs its `)`.',
    });
    expect(error(20, 18, "expected ')' before ';' token").line).toBe(20);
  });

  it('a missing `}`: where the next function starts, or at the end of the sketch', () => {
    expect(error(15, 14, "a function-definition is not allowed here before '{' token")).toMatchObject({
      line: 13,
      plain: 'Line 13: a `}` is missing after this line: every `{` needs its `}`.',
    });
    // GCC names the line after the last: the `}` goes after the sketch’s last line of code.
    expect(error(24, 0, "expected '}' at end of input")).toMatchObject({
      line: 22,
      plain: 'Line 22: a `}` is missing: every `{` needs its `}`.',
    });
  });

  it('a misspelt name: the name it most likely is', () => {
    expect(error(10, 3, "'digitalWirte' was not declared in this scope").plain).toBe(
      'Line 10: `digitalWirte` is not known here: did you mean `digitalWrite`? Check its spelling.',
    );
    // A name of the sketch's own, not only Arduino's.
    expect(error(21, 9, "'PAUSE_SM' was not declared in this scope").plain).toBe(
      'Line 21: `PAUSE_SM` is not known here: did you mean `PAUSE_MS`? Check its spelling.',
    );
    // Nothing near it: how to find out.
    expect(error(21, 9, "'wibble' was not declared in this scope").plain).toBe(
      'Line 21: `wibble` is not known here: check its spelling (capitals count), or declare it first.',
    );
  });

  it('wrong capitals: `pinmode`, `Int`, `Serial.Println`', () => {
    expect(error(16, 3, "'pinmode' was not declared in this scope").plain).toBe(
      'Line 16: `pinmode` is not known here: did you mean `pinMode`? Capitals count.',
    );
    expect(error(1, 7, "'Int' does not name a type").plain).toBe(
      'Line 1: `Int` is not a type: did you mean `int`? Capitals count.',
    );
    expect(error(16, 10, "'class HardwareSerial' has no member named 'Println'").plain).toBe(
      'Line 16: there is no `Println` here: did you mean `println`? Capitals count.',
    );
  });

  it('a `=` in an `if`: GCC’s warning, said as what to write', () => {
    const said = inPlainWords(
      {
        line: 20,
        column: 19,
        severity: 'warning',
        message: 'suggest parentheses around assignment used as truth value [-Wparentheses]',
      },
      SKETCH,
    );
    expect(said).toMatchObject({ line: 20, plain: 'Line 20: `=` sets a value: to compare, write `==`.' });
  });
});

describe('firstToFix', () => {
  const said = (line: number, message: string, severity: PlainDiagnostic['severity'] = 'error') =>
    inPlainWords({ line, column: 1, severity, message }, SKETCH);

  it('folds away what follows the first mistake in how the code is written: often only its knock-on', () => {
    const unknown = said(16, "'pinmode' was not declared in this scope");
    const semicolon = said(3, "expected ',' or ';' before 'const'");
    const knockOn = [said(21, "'PAUSE_MS' was not declared in this scope"), said(22, 'something rare')];
    expect(firstToFix([unknown, semicolon, ...knockOn])).toEqual({ shown: [unknown, semicolon], knockOn });
  });

  it('folds nothing when no mistake is in how the code is written', () => {
    const mistakes = [said(16, "'pinmode' was not declared in this scope"), said(21, "'x' was not declared")];
    expect(firstToFix(mistakes)).toEqual({ shown: mistakes, knockOn: [] });
  });
});
