import type { Board } from '#shared/content/projects.ts';
import {
  type CompiledSketch,
  compiledSketchSchema,
  compileFailedSchema,
  type Diagnostic,
} from '#shared/schemas/sketch-compile.ts';
import { ApiRequestError, reasonOf } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';

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
