import type { Board } from '#shared/content/projects.ts';
import {
  type CompiledSketch,
  compiledSketchSchema,
  compileFailedSchema,
  type Diagnostic,
} from '#shared/schemas/sketch-compile.ts';
import { ApiRequestError, reasonOf } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { type SketchKey, type StoredProgram, sketchStore } from '#web/lib/sketch-store.ts';

/** What pressing Run got: a program, the learner's mistakes, or a reason it could not be tried now. */
export type CompileResult =
  | { readonly kind: 'program'; readonly sketch: CompiledSketch }
  | { readonly kind: 'mistakes'; readonly message: string; readonly diagnostics: readonly Diagnostic[] }
  | { readonly kind: 'refused'; readonly message: string; readonly offline: boolean };

/** `POST /api/sketches/compile` (docs/compile-service.md): the learner's sketch, compiled in the server's sandbox. */
export async function compileSketch(board: Board, source: string, signal?: AbortSignal): Promise<CompileResult> {
  try {
    const sketch = await authedRequest('/api/sketches/compile', compiledSketchSchema, {
      method: 'POST',
      body: { board, source },
      signal,
    });
    return { kind: 'program', sketch };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 422) {
      const failed = compileFailedSchema.safeParse(error.payload);
      if (failed.success) {
        return { kind: 'mistakes', message: failed.data.error.message, diagnostics: failed.data.error.diagnostics };
      }
    }
    return { kind: 'refused', message: reasonOf(error), offline: error.status === 0 };
  }
}

/** What a learner's text gives: its program (kept on the device), or why there is none. */
export type ProgramResult =
  | { readonly kind: 'program'; readonly program: StoredProgram; readonly compiledBefore: boolean }
  | Exclude<CompileResult, { kind: 'program' }>;

/**
 * The program of a learner's sketch as they have it now: the one this device compiled from the same
 * text for the same board (no request, so it works offline), or compiled now and kept for next
 * time. One path for Run and for Upload.
 */
export async function programFor(userId: string, key: SketchKey, board: Board, source: string): Promise<ProgramResult> {
  const kept = await sketchStore.program(userId, key);
  if (kept && kept.source === source && kept.board === board) {
    return { kind: 'program', program: kept, compiledBefore: true };
  }
  const result = await compileSketch(board, source);
  if (result.kind !== 'program') return result;
  const { hex, size, warnings, clock } = result.sketch;
  const program: StoredProgram = { board, source, compiledAt: Date.now(), hex, size, warnings, clock };
  await sketchStore.keepProgram(userId, key, program);
  return { kind: 'program', program, compiledBefore: false };
}
