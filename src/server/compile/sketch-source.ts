/*
 * A learner's `.ino` as the compiler gets it, the way the Arduino IDE prepares one: `Arduino.h`
 * first, then the sketch with a prototype for each function it defines (so `loop()` may call a
 * function written below it), and `#line` directives so that every message names a line of the
 * learner's own file. Pure text work: this module trusts nothing and decides nothing about safety
 * (the sandbox does, sandbox.ts); `courtesyRefusal` only answers the obvious misuse kindly.
 */

/** The name every diagnostic carries: the learner's file, never a path of ours. */
export const SKETCH_FILE_NAME = 'sketch.ino';

/** The sketch's text with comments, strings and character literals blanked (lines and columns kept). */
export function withoutCommentsAndStrings(source: string): string {
  // Joined once at the end: the code between blanked spans is copied whole, not a character at a time.
  const pieces: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < source.length) {
    const span = blankedAt(source, i);
    if (span === null) {
      i++;
      continue;
    }
    pieces.push(source.slice(copied, i), span.text);
    i = copied = span.end;
  }
  pieces.push(source.slice(copied));
  return pieces.join('');
}

const spaces = (text: string) => text.replace(/[^\n]/g, ' ');

/** `source` from `start` to `end` (to its end when -1) blanked. */
function blankedTo(source: string, start: number, end: number): { text: string; end: number } {
  const stop = end === -1 ? source.length : end;
  return { text: spaces(source.slice(start, stop)), end: stop };
}

/** The comment, string or character literal that starts at `i`, blanked, and where it ends; null when none starts there. */
function blankedAt(source: string, i: number): { text: string; end: number } | null {
  if (source.startsWith('//', i)) return blankedTo(source, i, source.indexOf('\n', i));
  if (source.startsWith('/*', i)) {
    const close = source.indexOf('*/', i + 2);
    return blankedTo(source, i, close === -1 ? -1 : close + 2);
  }
  const quote = source[i];
  if (quote !== '"' && quote !== "'") return null;
  let j = i + 1;
  while (j < source.length && source[j] !== quote && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
  // An unclosed literal ends before its line break, which stays a line break.
  if (source[j] === quote) return { text: `${quote}${spaces(source.slice(i + 1, j))}${quote}`, end: j + 1 };
  const end = Math.min(j, source.length);
  return { text: `${quote}${spaces(source.slice(i + 1, end))}`, end };
}

const NOT_FUNCTIONS = new Set(['if', 'while', 'for', 'switch', 'return', 'sizeof', 'catch', 'do', 'else']);
const TYPE_INTRODUCERS = /^(?:class|struct|union|enum|namespace|typedef|template|extern)\b/;
/**
 * `type name(params)`, possibly `const`: the head of a function definition at the top level, its
 * parameters holding one level of parentheses at most (a function pointer's `void (*action)()`). Its
 * repeated group gives back little (a word and the spaces or `*&` after it share no character), and
 * HEAD_MAX bounds what it reads anyway.
 */
const FUNCTION_HEAD = /^((?:[A-Za-z_][\w:<>,]*[\s*&]+)+)([A-Za-z_]\w*)\s*\(((?:[^()]|\([^()]*\))*)\)\s*(?:const\s*)?$/;
/** The longest head (spaces collapsed) a prototype is made from: no real one comes near. */
const HEAD_MAX = 500;

export interface FunctionDefinition {
  /** The prototype to declare, e.g. `void blink(int times);`. */
  readonly prototype: string;
  /** The 1-based line its head starts on. */
  readonly line: number;
  /**
   * The conditional sections it is defined in, outermost first: each the directives of that section
   * up to the branch it is in (`['#ifdef ARDUINO_AVR_MEGA2560']`, `['#if A', '#else']`). Empty when
   * it is always compiled.
   */
  readonly conditions: readonly (readonly string[])[];
}

/** `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`: the directives that open, turn and close a conditional section. */
const CONDITIONAL = /^\s*(?:#|%:|\?\?=)\s*(if|ifdef|ifndef|elif|else|endif)\b/;

/**
 * The functions defined at the top level of the sketch, in order. A prototype is made only where
 * it is safe to repeat the head as a declaration: not for templates, methods defined outside their
 * class, or heads with default arguments (C++ forbids giving them twice).
 */
export function topLevelFunctions(source: string): FunctionDefinition[] {
  const code = withoutCommentsAndStrings(source);
  const found: FunctionDefinition[] = [];
  const lineAt = lineCounter(code);
  let depth = 0;
  // Where the text that may be the head of the next top-level `{` starts.
  let headStart = 0;
  let parenDepth = 0;
  // Nothing but spaces and tabs since the last line break: a `#` here starts a preprocessor line.
  let lineStart = true;
  // The conditional sections open here, each with its directives so far.
  const sections: string[][] = [];
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '#' && depth === 0 && lineStart) {
      // A preprocessor line (with its continuations) is never part of a head.
      let end = i;
      do {
        end = code.indexOf('\n', end + 1);
      } while (end !== -1 && code[end - 1] === '\\');
      const directive = code
        .slice(i, end === -1 ? code.length : end)
        .replace(/\\\n/g, ' ')
        .trim();
      const kind = CONDITIONAL.exec(directive)?.[1];
      if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') sections.push([directive]);
      else if (kind === 'elif' || kind === 'else') sections.at(-1)?.push(directive);
      else if (kind === 'endif') sections.pop();
      i = end === -1 ? code.length : end;
      headStart = i + 1;
      continue;
    }
    lineStart = ch === '\n' || (lineStart && (ch === ' ' || ch === '\t'));
    if (ch === '(') parenDepth++;
    else if (ch === ')') parenDepth = Math.max(0, parenDepth - 1);
    else if (ch === '{') {
      const head = depth === 0 && parenDepth === 0 ? code.slice(headStart, i) : '';
      const prototype = head === '' ? null : prototypeFor(head);
      if (prototype) {
        const line = lineAt(headStart + head.search(/\S/));
        found.push({ prototype, line, conditions: sections.map((section) => [...section]) });
      }
      depth++;
    } else if (ch === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) headStart = i + 1;
    } else if (ch === ';' && depth === 0) {
      headStart = i + 1;
    }
  }
  return found;
}

/** The declaration to repeat for a top-level `{` after `head`, or null where it is no function's or not safe to repeat. */
function prototypeFor(head: string): string | null {
  const text = head.trim().replace(/\s+/g, ' ');
  const match = text.length <= HEAD_MAX ? FUNCTION_HEAD.exec(text) : null;
  if (!match) return null;
  const [, type = '', name = '', parameters = ''] = match;
  const safe =
    !NOT_FUNCTIONS.has(name) &&
    !TYPE_INTRODUCERS.test(text) &&
    !type.includes('::') &&
    !parameters.includes('=') &&
    !/\b(?:return|else|new|delete)\b/.test(type);
  return safe ? `${text};` : null;
}

/** The 1-based line of an offset in `text`, for offsets asked in increasing order: the text is counted once. */
function lineCounter(text: string): (offset: number) => number {
  let counted = 0;
  let line = 1;
  return (offset) => {
    for (; counted < offset; counted++) if (text[counted] === '\n') line++;
    return line;
  };
}

/** Types a sketch declares at the top level (`struct Reading`, `enum class Mode`, `using Pins = …`), by name, with their line. */
function declaredTypes(code: string): Map<string, number> {
  const types = new Map<string, number>();
  const lineAt = lineCounter(code);
  for (const match of code.matchAll(
    /\b(?:(?:struct|class|union|enum(?:\s+class)?)\s+([A-Za-z_]\w*)|using\s+([A-Za-z_]\w*)\s*=)/g,
  )) {
    const name = match[1] ?? match[2];
    if (name && !types.has(name)) types.set(name, lineAt(match.index));
  }
  return types;
}

/**
 * Which prototypes go before the first function. Left out, where the IDE would fail and need not:
 * a function whose head names a type declared after the first function, when nothing calls it
 * before its own definition (there, its definition declares it in time).
 */
function prototypesToDeclare(source: string, functions: readonly FunctionDefinition[]): FunctionDefinition[] {
  const first = functions[0];
  if (!first) return [];
  const code = withoutCommentsAndStrings(source);
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const later = [...declaredTypes(code)].filter(([, line]) => line > first.line).map(([name]) => name);
  return functions.filter((fn) => {
    const name = /([A-Za-z_]\w*)\s*\($/.exec(fn.prototype.slice(0, fn.prototype.indexOf('(') + 1))?.[1] ?? '';
    const namesLaterType = later.some((type) => new RegExp(`\\b${type}\\b`).test(fn.prototype));
    if (!namesLaterType) return true;
    const before = code.slice(lineStarts[first.line - 1] ?? 0, lineStarts[fn.line - 1] ?? code.length);
    return new RegExp(`\\b${name}\\s*\\(`).test(before);
  });
}

/** One of the sketch's `.ino` files: the sketch's own, or a tab the IDE would join to it. */
export interface InoFile {
  readonly name: string;
  readonly source: string;
}

/**
 * The translation unit the compiler gets: `Arduino.h`, then the sketch, then its other `.ino` tabs in
 * the order of their names (as the IDE joins them), each under a `#line` of its own file. Every
 * function's prototype goes just before the sketch's first function that is always compiled (as the
 * IDE places them; after the sketch's text when it has none), each under the `#line` of its own
 * function and inside the same conditional sections as its function (so a function left out for
 * this board has no prototype either).
 */
export function translationUnit(source: string, tabs: readonly InoFile[] = []): string {
  const files = [{ name: SKETCH_FILE_NAME, source }, ...[...tabs].sort((a, b) => (a.name < b.name ? -1 : 1))];
  const quoted = (name: string) => JSON.stringify(name);
  const declarations = files.flatMap(({ name, source: text }) => {
    const functions = topLevelFunctions(text);
    const first = functions.find((fn) => fn.conditions.length === 0);
    const declared = first ? prototypesToDeclare(text, functions.slice(functions.indexOf(first))) : functions;
    return declared.flatMap((fn) => [
      ...fn.conditions.flat(),
      `#line ${fn.line} ${quoted(name)}`,
      fn.prototype,
      ...fn.conditions.map(() => '#endif'),
    ]);
  });
  const lines = source.split('\n');
  const first = topLevelFunctions(source).find((fn) => fn.conditions.length === 0);
  const at = first ? first.line - 1 : lines.length;
  const sketch = [
    `#line 1 ${quoted(SKETCH_FILE_NAME)}`,
    ...(at > 0 ? [lines.slice(0, at).join('\n')] : []),
    ...declarations,
    ...(first ? [`#line ${first.line} ${quoted(SKETCH_FILE_NAME)}`, lines.slice(at).join('\n')] : []),
  ];
  const others = files.slice(1).flatMap(({ name, source: text }) => [`#line 1 ${quoted(name)}`, text]);
  return ['#include <Arduino.h>', ...sketch, ...others, ''].join('\n');
}

const INCLUDE = /^\s*(?:#|%:|\?\?=)\s*include/;
/** `#pragma GCC optimize` or `push_options`, however spaced, on a line with comments and strings blanked. */
const PRAGMA_OPTIMIZE = /^\s*(?:#|%:|\?\?=)\s*pragma\s+GCC\s+(?:optimize|push_options)\b/;
/** The same as `_Pragma("GCC optimize …")`: read on the original line, whose string says it. */
const PRAGMA_OPERATOR = /\b_Pragma\s*\(\s*(?:u8|[LuU])?"\s*GCC\s+(?:optimize|push_options)\b/g;
/** `optimize` or `__optimize__` opening an attribute's list or after a comma or `gnu::` in it. */
const OPTIMIZE_ATTRIBUTE = /(?:\(\s*\(|,|::)\s*(?:__)?optimize(?:__)?\s*\(/;

/** What an `#include` line names: the text between its first `<` or `"` and the next `>` or `"`. */
function includedName(line: string): string {
  const open = line.search(/[<"]/);
  const length = open === -1 ? -1 : line.slice(open + 1).search(/[>"]/);
  return length === -1 ? '' : line.slice(open + 1, open + 1 + length);
}

/** The line asks the compiler to change how it optimises: `code` is the line with comments and strings blanked. */
function changesOptimisation(code: string, original: string): boolean {
  if (PRAGMA_OPTIMIZE.test(code)) return true;
  if ([...original.matchAll(PRAGMA_OPERATOR)].some((found) => code.startsWith('_Pragma', found.index))) return true;
  const attribute = code.search(/\b__attribute|\[\[/);
  return attribute !== -1 && OPTIMIZE_ATTRIBUTE.test(code.slice(attribute));
}

/**
 * A friendly word for what the sandbox or the fixed settings would stop anyway: reading files by
 * their path, changing the compiler's settings from the source. Text can be disguised (macros,
 * digraphs, trigraphs), so this is a courtesy and never the defence.
 */
export function courtesyRefusal(source: string): { line: number; message: string } | null {
  const code = withoutCommentsAndStrings(source);
  const original = source.split('\n');
  for (const [index, line] of code.split('\n').entries()) {
    const text = original[index] ?? '';
    if (/\.incbin\b/.test(text)) {
      return { line: index + 1, message: 'Programs here cannot copy files into themselves (.incbin).' };
    }
    if (changesOptimisation(line, text)) {
      return {
        line: index + 1,
        message:
          'Programs here are compiled with fixed settings: `#pragma GCC optimize` and `__attribute__((optimize))` cannot change them.',
      };
    }
    const target = INCLUDE.test(line) ? includedName(text) : '';
    if (target.startsWith('/') || target.includes('..') || target.includes('\\')) {
      return {
        line: index + 1,
        message: '#include can name a library, like <Servo.h>, but not a file by its path.',
      };
    }
  }
  return null;
}
