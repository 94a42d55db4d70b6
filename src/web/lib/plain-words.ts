import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';

/*
 * avr-g++ 5.4's messages, said as a learner can read them: "Line 12: a `;` is missing at the end of
 * this line", with the compiler's own words kept beside it. Only the common ones; anything else is
 * shown as the compiler said it. GCC names the token after a missing `;` (often the first of the
 * next line), so a missing `;` is placed on the line before when the token starts its line.
 */

export interface PlainDiagnostic {
  /** The line to mark in the editor (1-based). */
  readonly line: number;
  readonly severity: Diagnostic['severity'];
  /** In plain words, with the line: "Line 4: …". */
  readonly plain: string;
  /** The compiler's own message, cut to MESSAGE_READ_MAX characters. */
  readonly compiler: string;
}

type Rule = readonly [RegExp, (match: RegExpExecArray) => string];

/**
 * The most of a message the rules read, as the server cuts a line of the compiler's (diagnostics.ts):
 * whatever arrives, reading it costs no more, and a longer one is shown cut, ending with "…". Every
 * rule is anchored at the message's start and reads it once.
 */
const MESSAGE_READ_MAX = 2_000;

const q = (text: string | undefined) => `\`${text ?? ''}\``;

const RULES: readonly Rule[] = [
  [/^expected ['‘]?;['’]? before/, () => 'a `;` is missing at the end of this line'],
  [/^expected ['‘]?\}['’]? at end of input/, () => 'a `}` is missing: every `{` needs its `}`'],
  [/^expected ['‘]?\)['’]? before/, () => 'a `)` is missing: every `(` needs its `)`'],
  [/^expected ['‘]?\(['’]? before/, () => 'a `(` is missing here'],
  [/^expected (?:unqualified-id|declaration) before ['‘]?\}['’]?/, () => 'there is one `}` too many here'],
  [/^expected primary-expression before ['‘]?(.+?)['’]? token/, (m) => `something is missing before ${q(m[1])}`],
  [
    /^['‘](\w+)['’] was not declared in this scope/,
    (m) => `${q(m[1])} is not known here: check its spelling (capitals count), or declare it first`,
  ],
  [
    /^['‘](\w+)['’] does not name a type/,
    (m) => `${q(m[1])} is not a type: check its spelling, or the #include it needs`,
  ],
  [/^(\S+): No such file or directory/, (m) => `there is no library ${q(m[1])} here`],
  [/^redefinition of ['‘](.+?)['’]/, (m) => `${q(m[1])} is defined twice: give one of them another name`],
  [/^conflicting declaration ['‘](.+?)['’]/, (m) => `${q(m[1])} is declared twice in different ways`],
  [/^too few arguments to function ['‘](.+?)['’]/, (m) => `${q(m[1])} needs more values between its brackets`],
  [/^too many arguments to function ['‘](.+?)['’]/, (m) => `${q(m[1])} is given too many values between its brackets`],
  [/^no matching function for call to ['‘](.+?)['’]/, (m) => `${q(m[1])} cannot be called with these values`],
  [
    /^invalid conversion from ['‘](.+?)['’] to ['‘](.+?)['’]/,
    (m) => `a ${q(m[1])} is used where a ${q(m[2])} is needed`,
  ],
  [
    /^lvalue required as left operand of assignment/,
    () => 'only a variable can be on the left of `=` (did you mean `==`?)',
  ],
  [/^suggest parentheses around assignment used as truth value/, () => '`=` sets a value: to compare, write `==`'],
  [/^unused variable ['‘](\w+)['’]/, (m) => `${q(m[1])} is never used`],
  [
    /^undefined reference to [`'‘](\w+)/,
    (m) => `the sketch has no ${q(`${m[1]}()`)} function: every sketch needs \`setup()\` and \`loop()\``,
  ],
  [/^stray ['‘](.+?)['’] in program/, (m) => `${q(m[1])} cannot be in code: was it pasted with fancy quotes?`],
  [/^missing terminating (["'])/, () => 'a text in quotes is not closed: add the closing quote'],
  [/^control reaches end of non-void function/, () => 'this function should `return` a value at its end'],
  [/^#error (.*)/, (m) => `the sketch stops here on purpose: ${m[1] ?? ''}`],
  [/^cannot convert ['‘](.+?)['’] to ['‘](.+?)['’]/, (m) => `a ${q(m[1])} cannot be used where a ${q(m[2])} is needed`],
  [
    /^return-statement with a value, in function returning ['‘]void['’]/,
    () => 'a `void` function gives nothing back: remove the value after `return`, or change `void` to its type',
  ],
  [/^no return statement in function returning non-void/, () => 'this function should `return` a value at its end'],
  [
    /^comparison between signed and unsigned/,
    () => 'this compares a number that can be negative with one that cannot: the answer may surprise you',
  ],
  [/^['‘](.+?)['’] was not declared/, (m) => `${q(m[1])} is not known here: check its spelling, or declare it first`],
  [/^expected ['‘]?\}['’]? before/, () => 'a `}` is missing: every `{` needs its `}`'],
];

function cut(message: string): string {
  return message.length > MESSAGE_READ_MAX ? `${message.slice(0, MESSAGE_READ_MAX)}…` : message;
}

/** The line a missing `;` belongs to: the last line before `line` with code on it. */
function lineBefore(source: string, line: number): number {
  const lines = source.split('\n');
  // From the source's own last line down: `#line 4000000000` can name a line far past it.
  for (let n = Math.min(line - 1, lines.length); n >= 1; n--) if ((lines[n - 1] ?? '').trim() !== '') return n;
  return line;
}

export function inPlainWords(diagnostic: Diagnostic, source: string): PlainDiagnostic {
  let line = diagnostic.line;
  const message = cut(diagnostic.message);
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (!match) continue;
    // GCC names the token after the missing `;`: when that token starts its line, the `;` belongs above.
    if (/^expected ['‘]?;['’]? before/.test(message)) {
      const text = source.split('\n')[line - 1] ?? '';
      const indent = text.length - text.trimStart().length;
      if (diagnostic.column <= indent + 1) line = lineBefore(source, line);
    }
    return { line, severity: diagnostic.severity, plain: `Line ${line}: ${say(match)}.`, compiler: message };
  }
  const lead = diagnostic.severity === 'warning' ? 'a warning' : 'the compiler stopped here';
  return { line, severity: diagnostic.severity, plain: `Line ${line}: ${lead}.`, compiler: message };
}
