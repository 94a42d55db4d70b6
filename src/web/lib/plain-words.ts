import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';
import { likelyName } from './likely-name.ts';

/*
 * avr-g++ 5.4's messages, said as a learner can read them: "Line 12: a `;` is missing at the end of
 * this line", with the compiler's own words kept beside it. Only the common ones; anything else is
 * shown as the compiler said it. Each points at the line where the fix goes: GCC names the token
 * after a missing `;` or `)` (often the first of the next line), so that mistake is placed on the
 * line of code before when the token starts its line. After a mistake in how the code is written
 * (a missing `;`, `)` or `}`), what follows is often its knock-on: `firstToFix` folds it away.
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

/**
 * Where the fix goes, from the line GCC names: that line; the line of code before it when the token
 * GCC names starts its line (GCC names what follows a missing `;` or `)`); the line of code before
 * it always (a function started inside the one above, whose `}` is missing); or the last line of
 * code up to it (the end of the sketch, which GCC may place past its last line).
 */
type Place = 'named' | 'before-token' | 'line-before' | 'last-code';

interface Said {
  readonly source: string;
  /** The mistake was placed on an earlier line than GCC named: the token it names starts its line. */
  readonly moved: boolean;
}

type Rule = readonly [RegExp, (match: RegExpExecArray, said: Said) => string, Place?];

/**
 * The most of a message the rules read, as the server cuts a line of the compiler's (diagnostics.ts):
 * whatever arrives, reading it costs no more, and a longer one is shown cut, ending with "…". Every
 * rule is anchored at the message's start and reads it once.
 */
const MESSAGE_READ_MAX = 2_000;

const q = (text: string | undefined) => `\`${text ?? ''}\``;

const SEMICOLON_MISSING = 'a `;` is missing at the end of this line';
const BRACE_MISSING = 'a `}` is missing: every `{` needs its `}`';

/** "did you mean `pinMode`? Capitals count", when the sketch or Arduino has a name `name` is likely a misspelling of. */
function didYouMean(name: string, source: string, kind: 'name' | 'type' = 'name'): string | undefined {
  const meant = likelyName(name, source, kind);
  if (meant === undefined) return undefined;
  const why = meant.toLowerCase() === name.toLowerCase() ? 'Capitals count' : 'Check its spelling';
  return `did you mean ${q(meant)}? ${why}`;
}

const RULES: readonly Rule[] = [
  // GCC says "expected ',' or ';'" after a declaration (`const int LED = 13`), "expected ';'" after a statement.
  [/^expected ['‘]?(?:,['’]? or ['‘]?)?;['’]? before/, () => SEMICOLON_MISSING, 'before-token'],
  [/^expected ['‘]?\}['’]? at end of input/, () => BRACE_MISSING, 'last-code'],
  [
    /^a function-definition is not allowed here before/,
    () => 'a `}` is missing after this line: every `{` needs its `}`',
    'line-before',
  ],
  [/^expected ['‘]?\)['’]? before/, () => 'a `)` is missing: every `(` needs its `)`', 'before-token'],
  [/^expected ['‘]?\(['’]? before/, () => 'a `(` is missing here'],
  // `int count` with no `;`, and a declaration on the next line.
  [
    /^expected initializer before ['‘]?(.+?)['’]?(?: token)?$/,
    (m, { moved }) => (moved ? SEMICOLON_MISSING : `something is missing before ${q(m[1])}: a \`;\` or an \`=\`?`),
    'before-token',
  ],
  [/^expected (?:unqualified-id|declaration) before ['‘]?\}['’]?/, () => 'there is one `}` too many here'],
  [/^expected primary-expression before ['‘]?(.+?)['’]? token/, (m) => `something is missing before ${q(m[1])}`],
  [
    /^['‘](\w+)['’] was not declared in this scope/,
    (m, { source }) =>
      `${q(m[1])} is not known here: ${didYouMean(m[1] ?? '', source) ?? 'check its spelling (capitals count), or declare it first'}`,
  ],
  [
    /^['‘](\w+)['’] does not name a type/,
    (m, { source }) =>
      `${q(m[1])} is not a type: ${didYouMean(m[1] ?? '', source, 'type') ?? 'check its spelling, or the #include it needs'}`,
  ],
  [
    /^['‘](?:class |struct )?([\w:]+)['’] has no member named ['‘](\w+)['’]/,
    (m, { source }) => {
      const meant = didYouMean(m[2] ?? '', source);
      return meant
        ? `there is no ${q(m[2])} here: ${meant}`
        : `there is no ${q(m[2])} in ${q(m[1])}: check its spelling (capitals count)`;
    },
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
  [/^expected ['‘]?\}['’]? before/, () => BRACE_MISSING],
];

function cut(message: string): string {
  return message.length > MESSAGE_READ_MAX ? `${message.slice(0, MESSAGE_READ_MAX)}…` : message;
}

/** A line with code on it: not blank, and not only a comment. */
function hasCode(text: string): boolean {
  const code = text.replace(/\/\/.*$/, '').trim();
  return code !== '' && !code.startsWith('/*') && !code.startsWith('*');
}

/** The last line before `line` with code on it (or `line` when there is none). */
function lineBefore(lines: readonly string[], line: number): number {
  // From the source's own last line down: `#line 4000000000` can name a line far past it.
  for (let n = Math.min(line - 1, lines.length); n >= 1; n--) if (hasCode(lines[n - 1] ?? '')) return n;
  return line;
}

/** The line the fix goes on, and whether it is above the one GCC named because of the token GCC names. */
function placed(place: Place, diagnostic: Diagnostic, lines: readonly string[]): { line: number; moved: boolean } {
  const { line, column } = diagnostic;
  if (place === 'line-before') return { line: lineBefore(lines, line), moved: false };
  if (place === 'last-code') return { line: Math.min(lineBefore(lines, line + 1), line), moved: false };
  if (place === 'before-token') {
    const text = lines[line - 1] ?? '';
    const indent = text.length - text.trimStart().length;
    if (column <= indent + 1) {
      const before = lineBefore(lines, line);
      return { line: before, moved: before !== line };
    }
  }
  return { line, moved: false };
}

export function inPlainWords(diagnostic: Diagnostic, source: string): PlainDiagnostic {
  const message = cut(diagnostic.message);
  for (const [pattern, say, place = 'named'] of RULES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const { line, moved } = placed(place, diagnostic, source.split('\n'));
    const plain = `Line ${line}: ${say(match, { source, moved })}.`;
    return { line, severity: diagnostic.severity, plain, compiler: message };
  }
  const lead = diagnostic.severity === 'warning' ? 'a warning' : 'the compiler found a mistake here';
  return {
    line: diagnostic.line,
    severity: diagnostic.severity,
    plain: `Line ${diagnostic.line}: ${lead}.`,
    compiler: message,
  };
}

/** A mistake in how the code is written (a missing `;`, `)` or `}`): after it, the compiler misreads what follows. */
const MISREAD_AFTER = /^(?:expected |stray |missing terminating |a function-definition is not allowed here)/;

/**
 * The mistakes to show, up to the first in how the code is written, and what follows it: often
 * only its knock-on (a constant the missing `;` swallowed is "not known" a hundred lines down), to
 * fold away until that one is fixed.
 */
export function firstToFix(diagnostics: readonly PlainDiagnostic[]): {
  readonly shown: readonly PlainDiagnostic[];
  readonly knockOn: readonly PlainDiagnostic[];
} {
  const first = diagnostics.findIndex((d) => d.severity === 'error' && MISREAD_AFTER.test(d.compiler));
  if (first === -1) return { shown: diagnostics, knockOn: [] };
  return { shown: diagnostics.slice(0, first + 1), knockOn: diagnostics.slice(first + 1) };
}
