import type { Diagnostic } from '#shared/schemas/sketch-compile.ts';
import { SKETCH_FILE_NAME } from './sketch-source.ts';

/*
 * What avr-g++ and the linker print, as the learner's diagnostics: each error or warning on a line
 * of their own sketch. A message about a library's header points at the sketch's line that included
 * it; one the linker gives without a line (an undefined `loop`) points at line 1. No path of the
 * server (or of the sandbox) survives: a file is named by its base name only.
 */

const LOCATED = /^(.+?):(\d+):(?:(\d+):)? (fatal error|error|warning): (.*)$/;
/** "sketch.ino:75:18: note: in expansion of macro 'F'": where the sketch led into a header's message. */
const NOTE = /^(.+?):(\d+):(?:(\d+):)? note: /;
const INCLUDED_FROM = /^(?:In file included from|\s+from) (.+?):(\d+)(?::\d+)?[:,]$/;
const LINKER =
  /(?:^|: )(undefined reference to .*|multiple definition of .*|region `\w+' overflowed.*|section .* will not fit in region .*)$/;

/** `/arduino/libraries/Servo/Servo.h` → `Servo.h`: paths say nothing about where anything lives. */
export function withoutPaths(text: string): string {
  return text.replace(/(?:\/[\w.+-]+)+\/([\w.+-]+)/g, '$1');
}

const isSketch = (file: string) => file === SKETCH_FILE_NAME || file.endsWith(`/${SKETCH_FILE_NAME}`);

export function parseDiagnostics(output: string, maxCount = 50): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  // The sketch line that included the header the next messages are about.
  let includedAt: number | null = null;
  // A header's message placed nowhere yet (Arduino.h comes before the sketch's first line): the
  // sketch's next note (a macro's expansion, a call) says which of its lines led there.
  let unplaced: { index: number } | null = null;
  const add = (diagnostic: Diagnostic) => {
    const key = `${diagnostic.line}:${diagnostic.column}:${diagnostic.severity}:${diagnostic.message}`;
    if (seen.has(key) || diagnostics.length >= maxCount) return;
    seen.add(key);
    diagnostics.push(diagnostic);
  };
  for (const line of output.split('\n')) {
    const included = INCLUDED_FROM.exec(line);
    if (included) {
      if (isSketch(included[1] ?? '')) includedAt = Number(included[2]);
      continue;
    }
    const note = NOTE.exec(line);
    if (note) {
      const target = unplaced === null ? undefined : diagnostics[unplaced.index];
      if (target && isSketch(note[1] ?? '')) {
        diagnostics[unplaced?.index ?? 0] = { ...target, line: Number(note[2]), column: Number(note[3] ?? 0) };
        unplaced = null;
      }
      continue;
    }
    const located = LOCATED.exec(line);
    if (located) {
      const [, file = '', lineNumber, column, kind, message = ''] = located;
      const severity = kind === 'warning' ? 'warning' : 'error';
      if (isSketch(file)) {
        add({ line: Number(lineNumber), column: Number(column ?? 0), severity, message: withoutPaths(message) });
      } else {
        const before = diagnostics.length;
        add({
          line: includedAt ?? 1,
          column: 0,
          severity,
          message: `${withoutPaths(file)}:${lineNumber}: ${withoutPaths(message)}`,
        });
        if (includedAt === null && diagnostics.length > before) unplaced = { index: before };
      }
      continue;
    }
    if (!line.startsWith(' ')) includedAt = null;
    const linker = LINKER.exec(line);
    if (linker?.[1]) add({ line: 1, column: 0, severity: 'error', message: withoutPaths(linker[1]) });
  }
  return diagnostics;
}
