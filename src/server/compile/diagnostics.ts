import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';
import { SKETCH_FILE_NAME } from './sketch-source.ts';

/*
 * What avr-g++ and the linker print, as the learner's diagnostics: each error or warning on a line
 * of their own sketch. A message about a library's header points at the sketch's line that included
 * it; one the linker gives without a line (an undefined `loop`) points at line 1. No path of the
 * server (or of the sandbox) survives: a file is named by its base name only.
 *
 * The sketch shapes this text (a symbol's name can make the linker print a 327 KB line), and it is
 * read on the server's only thread: every line is cut before it is read, and every pattern here
 * reads a line in time linear in its length, cut or not (anchored, or made of parts that end where
 * the next cannot start).
 */

/** The most of one line of the compiler's output that is read or shown; a longer line is cut and ends with "…". */
export const DIAGNOSTIC_LINE_MAX = 2_000;

function cut(line: string): string {
  return line.length > DIAGNOSTIC_LINE_MAX ? `${line.slice(0, DIAGNOSTIC_LINE_MAX)}…` : line;
}

/** `/usr/lib/x y.h` → `x y.h`, `http://gcc.gnu.org/bugs.html` → `bugs.html`; `operator/` and `/` stay. */
function lastSegment(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  const slash = end === 0 ? -1 : path.lastIndexOf('/', end - 1);
  return slash === -1 ? path : path.slice(slash + 1, end);
}

/**
 * A text in GCC's quotes (‘…’, '…', "…" or <…>), where a path may hold spaces. None holds a quote
 * mark, so an apostrophe cannot hide a quoted path inside a longer span.
 */
const QUOTED = /‘[^‘’'"<>\n]*’|'[^‘’'"<>\n]*'|"[^‘’'"<>\n]*"|<[^‘’'"<>\n]*>/g;
const URL_START = /^[a-z][a-z0-9+.-]*:\/\//i;
const PATH_CHARACTERS = /^[\p{L}\p{M}\p{N}_.+~@%/ -]+$/u;
/**
 * A URL, or a run of name characters with a `/` in it, starting where such a run starts (so each
 * run is tried once).
 */
const UNQUOTED =
  /(?<![\p{L}\p{M}\p{N}_.+~@%/-])(?:[a-z][a-z0-9+.-]*:\/\/[^\s'"‘’<>]*|[\p{L}\p{M}\p{N}_.+~@%-]*\/[\p{L}\p{M}\p{N}_.+~@%/-]*)/giu;
/** How GCC ends a message about a file it could not use: `name: No such file or directory`, the name unquoted. */
const FILE_ERRORS = [': No such file or directory', ': Permission denied', ': Is a directory', ': Not a directory'];

/** A quoted path (`a / b` and `x = a/b` are code) or URL, reduced to its last segment. */
function withoutQuotedPath(quoted: string): string {
  const text = quoted.slice(1, -1);
  const path =
    URL_START.test(text) ||
    (text.includes('/') && !text.includes(' /') && !text.includes('/ ') && PATH_CHARACTERS.test(text));
  return path ? `${quoted[0]}${lastSegment(text)}${quoted.at(-1)}` : quoted;
}

/**
 * `fatal error: secret dir/x.ino: No such file or directory` → `fatal error: x.ino: …`: the name
 * runs from the `: ` before the error (or from a ` /` after it, where words lead into the path).
 */
function withoutNamedFilePath(text: string): string {
  for (const error of FILE_ERRORS) {
    const at = text.indexOf(error);
    if (at === -1) continue;
    const colon = at === 0 ? -1 : text.lastIndexOf(': ', at - 1);
    let start = colon === -1 ? 0 : colon + 2;
    const absolute = text.indexOf(' /', start);
    if (absolute !== -1 && absolute < at) start = absolute + 1;
    return `${text.slice(0, start)}${lastSegment(text.slice(start, at))}${text.slice(at)}`;
  }
  return text;
}

/**
 * A message as a learner may see it: cut as a line is (compiler.ts hands over whole lines), every
 * path and URL reduced to its last segment (`/arduino/libraries/Servo/Servo.h` → `Servo.h`): paths
 * say nothing about where anything lives.
 */
export function withoutPaths(text: string): string {
  return withoutNamedFilePath(cut(text).replace(QUOTED, withoutQuotedPath)).replace(UNQUOTED, lastSegment);
}

// A line or column has at most 10 digits (GCC counts them in 32 bits): a longer one is forged, and
// would be no integer the answer's schema takes.
const LOCATED = /^(.+?):(\d{1,10}):(?:(\d{1,10}):)? (fatal error|error|warning): /;
/** "sketch.ino:75:18: note: in expansion of macro 'F'": where the sketch led into a header's message. */
const NOTE = /^(.+?):(\d{1,10}):(?:(\d{1,10}):)? note: /;
const INCLUDED_FROM = /^(?:In file included from|\s+from) (.+?):(\d{1,10})(?::\d+)?[:,]$/;
/** The linker's messages, each at the start of its line or after a `: `. */
const LINKER_MESSAGE = /undefined reference to |multiple definition of |region `\w+' overflowed/y;
const WILL_NOT_FIT = ' will not fit in region ';

/** What the linker says on a line: from the start, or from a `: `, to the line's end. */
function linkerMessage(line: string): string | null {
  // Where a "section … will not fit in region …" could end, found once rather than from every `: `.
  const fit = line.lastIndexOf(WILL_NOT_FIT);
  for (let at = 0; ; ) {
    LINKER_MESSAGE.lastIndex = at;
    if (LINKER_MESSAGE.test(line) || (line.startsWith('section ', at) && fit >= at + 'section '.length)) {
      return line.slice(at);
    }
    const next = line.indexOf(': ', at);
    if (next === -1) return null;
    at = next + 2;
  }
}

/** A line the answer can name: GCC gives line 0 to what has none (`<command-line>:0:0`), and forged text may too. */
const lineNumber = (digits: string | undefined) => Math.max(1, Number(digits));

/**
 * The learner's file a message is in: `null` for the sketch's own `.ino`, a tab's name (`pitches.h`)
 * for one of its other files, `undefined` for a file that is not theirs (a library's header).
 */
function learnersFile(file: string, tabs: ReadonlySet<string>): string | null | undefined {
  if (file === SKETCH_FILE_NAME || file.endsWith(`/${SKETCH_FILE_NAME}`)) return null;
  // A tab is in the folder the compiler runs in, so it is named without one (a library's is not).
  return tabs.has(file) ? file : undefined;
}

/** Where a message is, on the learner's own lines: the tab's name beside the line, when it is in a tab. */
const at = (file: string | null, line: number) => (file === null ? { line } : { file, line });

export function parseDiagnostics(output: string, maxCount = 50, tabNames: readonly string[] = []): Diagnostic[] {
  const tabs = new Set(tabNames);
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  // The learner's line that included the header the next messages are about.
  let includedAt: { file: string | null; line: number } | null = null;
  // A header's message placed nowhere yet (Arduino.h comes before the sketch's first line): the
  // sketch's next note (a macro's expansion, a call) says which of its lines led there.
  let unplaced: { index: number } | null = null;
  const add = (diagnostic: Diagnostic) => {
    const key = `${diagnostic.file ?? ''}:${diagnostic.line}:${diagnostic.column}:${diagnostic.severity}:${diagnostic.message}`;
    if (seen.has(key) || diagnostics.length >= maxCount) return;
    seen.add(key);
    diagnostics.push(diagnostic);
  };
  for (const line of output.split('\n').map(cut)) {
    const included = INCLUDED_FROM.exec(line);
    if (included) {
      const file = learnersFile(included[1] ?? '', tabs);
      if (file !== undefined) includedAt = { file, line: lineNumber(included[2]) };
      continue;
    }
    const note = NOTE.exec(line);
    if (note) {
      const target = unplaced === null ? undefined : diagnostics[unplaced.index];
      const file = learnersFile(note[1] ?? '', tabs);
      if (target && file !== undefined) {
        const { file: _, ...rest } = target;
        diagnostics[unplaced?.index ?? 0] = { ...rest, ...at(file, lineNumber(note[2])), column: Number(note[3] ?? 0) };
        unplaced = null;
      }
      continue;
    }
    const located = LOCATED.exec(line);
    if (located) {
      const [prefix, file = '', where, column, kind] = located;
      const message = line.slice(prefix.length);
      const severity = kind === 'warning' ? 'warning' : 'error';
      const learners = learnersFile(file, tabs);
      if (learners !== undefined) {
        add({
          ...at(learners, lineNumber(where)),
          column: Number(column ?? 0),
          severity,
          message: withoutPaths(message),
        });
      } else {
        const before = diagnostics.length;
        add({
          ...(includedAt ? at(includedAt.file, includedAt.line) : { line: 1 }),
          column: 0,
          severity,
          message: `${lastSegment(file)}:${where}: ${withoutPaths(message)}`,
        });
        if (includedAt === null && diagnostics.length > before) unplaced = { index: before };
      }
      continue;
    }
    if (!line.startsWith(' ')) includedAt = null;
    const linker = linkerMessage(line);
    if (linker) add({ line: 1, column: 0, severity: 'error', message: withoutPaths(linker) });
  }
  return diagnostics;
}
