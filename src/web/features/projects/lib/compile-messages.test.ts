import { describe, expect, it } from 'vitest';
import { plainWords } from './compile-messages.ts';

/** Messages as avr-g++ 5.4 writes them (Debian's gcc-avr, UTF-8 quotes). */
const say = (message: string, line = 12) => plainWords({ line, message });

describe('avr-g++’s messages in plain words', () => {
  it('a missing semicolon', () => {
    expect(say('expected ‘;’ before ‘}’ token')).toBe(
      'Line 12: a `;` is missing at the end of this line (or the line before it).',
    );
    expect(say("expected ';' before 'delay'", 3)).toMatch(/^Line 3: a `;` is missing/);
  });

  it('names that are not declared, and types it does not know', () => {
    expect(say('‘ledPn’ was not declared in this scope')).toBe(
      'Line 12: `ledPn` is not known here. Check its spelling (capitals count), declare it before you use it, or include the library it comes from.',
    );
    expect(say('‘Servo’ does not name a type')).toMatch(/`Servo` is not a type/);
  });

  it('unbalanced braces and brackets', () => {
    expect(say('expected ‘}’ at end of input', 40)).toBe(
      'Line 40: a `}` is missing: a block opened with `{` is never closed. Count the braces.',
    );
    expect(say('expected declaration before ‘}’ token')).toMatch(/one `}` too many/);
    expect(say('expected ‘)’ before ‘;’ token')).toMatch(/a `\)` is missing before `;`/);
  });

  it('calls with the wrong values', () => {
    expect(say('no matching function for call to ‘Servo::write(const char [4])’')).toMatch(
      /no version of `Servo::write` takes these values/,
    );
    expect(say('too few arguments to function ‘void digitalWrite(uint8_t, uint8_t)’')).toBe(
      'Line 12: `void digitalWrite` needs more values than this call gives it.',
    );
    expect(say('too many arguments to function ‘int analogRead(uint8_t)’')).toMatch(/takes fewer values/);
    expect(say('invalid conversion from ‘const char*’ to ‘int’ [-fpermissive]')).toBe(
      'Line 12: a value of kind `const char*` is used where `int` is needed.',
    );
  });

  it('things defined twice, or never', () => {
    expect(say('redefinition of ‘void loop()’')).toMatch(/`void loop\(\)` is defined twice/);
    expect(say('undefined reference to `setup')).toMatch(/has no `void setup\(\)`/);
    expect(say("undefined reference to `loop'", 1)).toBe(
      'Line 1: the sketch has no `void loop()`. Every sketch needs both `setup()` and `loop()` (check the spelling).',
    );
  });

  it('quotes, pasted characters, = for ==', () => {
    expect(say('missing terminating " character')).toMatch(/not closed/);
    expect(say('stray ‘\\342’ in program')).toMatch(/curly quote/);
    expect(say('suggest parentheses around assignment used as truth value [-Wparentheses]')).toMatch(/use `==`/);
  });

  it('says nothing it does not know: the compiler’s words then stand alone', () => {
    expect(say('some message no rule knows')).toBeNull();
  });
});
