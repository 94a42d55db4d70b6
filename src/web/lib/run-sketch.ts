import type { Board } from '#shared/content/projects.ts';
import { firstToFix, inPlainWords, type PlainDiagnostic } from '#web/lib/plain-words.ts';
import { programFor } from '#web/lib/sketch-compile.ts';
import type { SketchKey } from '#web/lib/sketch-store.ts';

/** What Run hands the simulator. */
export interface LearnerProgram {
  readonly hex: string;
  readonly clock: { readonly millis: number; readonly overflowCount: number };
  readonly flash: number;
}

/**
 * Where Run is: not pressed, compiling, ran (with the compiler's warnings), stopped by mistakes (the
 * ones to fix first, and what may be only their knock-on), or refused.
 */
export type RunState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'compiling' }
  | { readonly kind: 'ran'; readonly warnings: readonly PlainDiagnostic[]; readonly note?: string }
  | {
      readonly kind: 'mistakes';
      readonly message: string;
      readonly diagnostics: readonly PlainDiagnostic[];
      readonly knockOn: readonly PlainDiagnostic[];
    }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * Run, for the text editor and the blocks alike: the sketch compiled in the server's sandbox (or the
 * program this device compiled from the same text before, which works offline), what to tell the
 * learner, and the program for the simulator when there is one.
 */
export async function runSketch(
  userId: string,
  key: SketchKey,
  board: Board,
  source: string,
): Promise<{ readonly state: RunState; readonly program?: LearnerProgram }> {
  const result = await programFor(userId, key, board, source);
  if (result.kind === 'program') {
    const { program } = result;
    const offline = result.compiledBefore && !navigator.onLine;
    return {
      state: {
        kind: 'ran',
        warnings: program.warnings.map((w) => inPlainWords(w, source)),
        ...(offline
          ? { note: 'You are offline: this is the program this device compiled from this code before.' }
          : {}),
      },
      program: { hex: program.hex, clock: program.clock, flash: program.size.flash },
    };
  }
  if (result.kind === 'mistakes') {
    const { shown, knockOn } = firstToFix(result.diagnostics.map((d) => inPlainWords(d, source)));
    return { state: { kind: 'mistakes', message: result.message, diagnostics: shown, knockOn } };
  }
  return {
    state: {
      kind: 'refused',
      message: result.offline
        ? 'You are offline, and this code has not been compiled on this device yet. Run needs a connection once.'
        : result.message,
    },
  };
}
