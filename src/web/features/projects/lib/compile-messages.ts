import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';

/*
 * avr-g++ 5.4's messages, said the way a learner can act on them. The compiler's own words are
 * always shown beside these; a message we do not know keeps only the line and the compiler's words.
 */

interface Rule {
  readonly pattern: RegExp;
  readonly say: (match: RegExpMatchArray) => string;
}

/** `‘x’` or `'x'` as the compiler quotes a name. */
const Q = "[‘'`]([^’'`]+)[’'`]";

const code = (text: string | undefined) => `\`${text ?? ''}\``;

const RULES: readonly Rule[] = [
  {
    pattern: new RegExp(`expected ${Q} before ${Q}`),
    say: ([, want, before]) =>
      want === ';'
        ? 'a `;` is missing at the end of this line (or the line before it).'
        : want === ')'
          ? `a \`)\` is missing before ${code(before)}: every \`(\` needs its \`)\`.`
          : want === '}'
            ? `a \`}\` is missing before ${code(before)}: every \`{\` needs its \`}\`.`
            : `${code(want)} is missing before ${code(before)}.`,
  },
  {
    pattern: new RegExp(`expected ${Q} at end of input`),
    say: ([, want]) =>
      want === '}'
        ? 'a `}` is missing: a block opened with `{` is never closed. Count the braces.'
        : `the sketch ends too early: ${code(want)} is missing at the end.`,
  },
  {
    pattern: /expected declaration before ‘}’ token|expected declaration before '}' token/,
    say: () => 'there is one `}` too many here: it closes a block that was never opened.',
  },
  {
    pattern: new RegExp(`expected ${Q}`),
    say: ([, want]) => `${code(want)} is missing here.`,
  },
  {
    pattern: new RegExp(`${Q} was not declared in this scope`),
    say: ([, name]) =>
      `${code(name)} is not known here. Check its spelling (capitals count), declare it before you use it, or include the library it comes from.`,
  },
  {
    pattern: new RegExp(`${Q} does not name a type`),
    say: ([, name]) => `${code(name)} is not a type the compiler knows. Check its spelling, or include its library.`,
  },
  {
    pattern: new RegExp(`no matching function for call to ${Q}`),
    say: ([, call]) =>
      `no version of ${code(call?.replace(/\(.*$/, ''))} takes these values. Check how many you give it and of which kind.`,
  },
  {
    pattern: new RegExp(`too few arguments to function ${Q}`),
    say: ([, fn]) => `${code(fn?.replace(/\(.*$/, ''))} needs more values than this call gives it.`,
  },
  {
    pattern: new RegExp(`too many arguments to function ${Q}`),
    say: ([, fn]) => `${code(fn?.replace(/\(.*$/, ''))} takes fewer values than this call gives it.`,
  },
  {
    pattern: new RegExp(`invalid conversion from ${Q} to ${Q}`),
    say: ([, from, to]) => `a value of kind ${code(from)} is used where ${code(to)} is needed.`,
  },
  {
    pattern: new RegExp(`cannot convert ${Q} to ${Q}`),
    say: ([, from, to]) => `a value of kind ${code(from)} cannot be used where ${code(to)} is needed.`,
  },
  {
    pattern: new RegExp(`redefinition of ${Q}`),
    say: ([, name]) => `${code(name)} is defined twice. Keep one of them, or give the other a new name.`,
  },
  {
    pattern: new RegExp(`conflicting declaration ${Q}`),
    say: ([, name]) => `${code(name)} is declared twice with different types.`,
  },
  {
    pattern: /undefined reference to [‘'`]?(setup|loop)[’'`]?/,
    say: ([, fn]) =>
      `the sketch has no \`void ${fn}()\`. Every sketch needs both \`setup()\` and \`loop()\` (check the spelling).`,
  },
  {
    pattern: new RegExp(`undefined reference to ${Q}`),
    say: ([, name]) => `${code(name?.replace(/\(.*$/, ''))} is declared but never written out: its body is missing.`,
  },
  {
    pattern: /missing terminating " character|missing terminating ' character/,
    say: () => 'a text in quotes is not closed: add the missing `"` at its end.',
  },
  {
    pattern: new RegExp(`stray ${Q} in program`),
    say: ([, what]) =>
      `the character ${code(what)} does not belong in code (often a curly quote pasted from a web page: type it again).`,
  },
  {
    pattern: /lvalue required as left operand of assignment/,
    say: () => 'the left side of `=` must be a variable. To compare two values, use `==`.',
  },
  {
    pattern: /suggest parentheses around assignment used as truth value/,
    say: () => '`=` sets a value; to compare two values inside `if (…)` use `==`.',
  },
  {
    pattern: new RegExp(`return-statement with a value, in function returning ${Q}`),
    say: () => 'a `void` function cannot return a value: remove the value after `return`, or change `void`.',
  },
  {
    pattern: /no return statement in function returning non-void/,
    say: () => 'this function promises a value but does not `return` one.',
  },
  {
    pattern: new RegExp(`unused variable ${Q}`),
    say: ([, name]) => `${code(name)} is set but never used.`,
  },
  {
    pattern: /(?:fatal error: )?([\w./]+\.h): No such file or directory/,
    say: ([, file]) => `the library ${code(file)} is not available here.`,
  },
  {
    pattern: /comparison between signed and unsigned/,
    say: () => 'this compares a number that can be negative with one that cannot: the result may surprise you.',
  },
];

/**
 * A diagnostic in plain words, starting with where: "Line 12: a `;` is missing at the end of this
 * line (or the line before it)." Null when we have no plain words for it (the compiler's stand alone).
 */
export function plainWords(diagnostic: Pick<Diagnostic, 'line' | 'message'>): string | null {
  for (const rule of RULES) {
    const match = diagnostic.message.match(rule.pattern);
    if (match) {
      const text = rule.say(match);
      return `Line ${diagnostic.line}: ${text}`;
    }
  }
  return null;
}
