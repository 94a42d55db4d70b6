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
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const rest = source.slice(i, i + 2);
    if (rest === '//') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (rest === '/*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (source[i] === '"' || source[i] === "'") {
      const quote = source[i];
      let j = i + 1;
      while (j < source.length && source[j] !== quote && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      const stop = Math.min(j + 1, source.length);
      out += quote + blank(source.slice(i + 1, stop - 1)) + (source[stop - 1] === quote ? quote : ' ');
      i = stop;
    } else {
      out += source[i];
      i++;
    }
  }
  return out;
}

const NOT_FUNCTIONS = new Set(['if', 'while', 'for', 'switch', 'return', 'sizeof', 'catch', 'do', 'else']);
const TYPE_INTRODUCERS = /^(?:class|struct|union|enum|namespace|typedef|template|extern)\b/;
/** `type name(params)`, possibly `const`: the head of a function definition at the top level. */
const FUNCTION_HEAD = /^((?:[A-Za-z_][\w:<>,]*[\s*&]+)+)([A-Za-z_]\w*)\s*\(([^()]*)\)\s*(?:const\s*)?$/;

export interface FunctionDefinition {
  /** The prototype to declare, e.g. `void blink(int times);`. */
  readonly prototype: string;
  /** The 1-based line its head starts on. */
  readonly line: number;
}

/**
 * The functions defined at the top level of the sketch, in order. A prototype is made only where
 * it is safe to repeat the head as a declaration: not for templates, methods defined outside their
 * class, or heads with default arguments (C++ forbids giving them twice).
 */
export function topLevelFunctions(source: string): FunctionDefinition[] {
  const code = withoutCommentsAndStrings(source);
  const found: FunctionDefinition[] = [];
  let depth = 0;
  // Where the text that may be the head of the next top-level `{` starts.
  let headStart = 0;
  let parenDepth = 0;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '#' && depth === 0 && /(?:^|\n)[ \t]*$/.test(code.slice(Math.max(0, i - 200), i))) {
      // A preprocessor line (with its continuations) is never part of a head.
      let end = i;
      do {
        end = code.indexOf('\n', end + 1);
      } while (end !== -1 && code[end - 1] === '\\');
      i = end === -1 ? code.length : end;
      headStart = i + 1;
      continue;
    }
    if (ch === '(') parenDepth++;
    else if (ch === ')') parenDepth = Math.max(0, parenDepth - 1);
    else if (ch === '{') {
      if (depth === 0 && parenDepth === 0) {
        const head = code.slice(headStart, i).trim().replace(/\s+/g, ' ');
        const match = FUNCTION_HEAD.exec(head);
        const name = match?.[2];
        if (
          match &&
          name &&
          !NOT_FUNCTIONS.has(name) &&
          !TYPE_INTRODUCERS.test(head) &&
          !(match[1] ?? '').includes('::') &&
          !(match[3] ?? '').includes('=') &&
          !/\b(?:return|else|new|delete)\b/.test(match[1] ?? '')
        ) {
          const offset = headStart + code.slice(headStart, i).search(/\S/);
          found.push({ prototype: `${head};`, line: code.slice(0, offset).split('\n').length });
        }
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

/**
 * The translation unit the compiler gets: `Arduino.h`, then the sketch, with every function's
 * prototype just before the first function definition (as the IDE places them), each part
 * preceded by the `#line` of the learner's file it stands for.
 */
export function translationUnit(source: string): string {
  const lines = source.split('\n');
  const functions = topLevelFunctions(source);
  const first = functions[0];
  const file = JSON.stringify(SKETCH_FILE_NAME);
  if (!first) return `#include <Arduino.h>\n#line 1 ${file}\n${source}\n`;
  const before = lines.slice(0, first.line - 1).join('\n');
  const after = lines.slice(first.line - 1).join('\n');
  return [
    '#include <Arduino.h>',
    `#line 1 ${file}`,
    ...(first.line > 1 ? [before] : []),
    // A prototype the compiler cannot read points at the function it was made from.
    `#line ${first.line} ${file}`,
    ...functions.map((fn) => fn.prototype),
    `#line ${first.line} ${file}`,
    after,
    '',
  ].join('\n');
}

/**
 * A friendly word for what the sandbox would stop anyway: reading files by their path. Text can be
 * disguised (macros, digraphs, trigraphs), so this is a courtesy and never the defence.
 */
export function courtesyRefusal(source: string): { line: number; message: string } | null {
  const code = withoutCommentsAndStrings(source);
  const original = source.split('\n');
  const lines = code.split('\n');
  for (const [index, line] of lines.entries()) {
    if (/\.incbin\b/.test(original[index] ?? '')) {
      return { line: index + 1, message: 'Programs here cannot copy files into themselves (.incbin).' };
    }
    const include = /^\s*(?:#|%:|\?\?=)\s*include\s*(.*)$/.exec(line);
    if (!include) continue;
    const target = /[<"]([^>"]*)[>"]/.exec(original[index] ?? '')?.[1] ?? '';
    if (target.startsWith('/') || target.includes('..') || target.includes('\\')) {
      return {
        line: index + 1,
        message: '#include can name a library, like <Servo.h>, but not a file by its path.',
      };
    }
  }
  return null;
}
