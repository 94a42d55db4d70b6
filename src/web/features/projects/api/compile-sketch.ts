import type { Board } from '#shared/content/projects.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import {
  type CompiledSketch,
  compiledSketchSchema,
  compileFailedSchema,
  type Diagnostic,
  SKETCH_SOURCE_MAX_BYTES,
} from '#shared/schemas/sketch-compile.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { withAccessToken } from '#web/lib/auth/session.ts';

/** Every way `POST /api/sketches/compile` can end, as the editor shows it. */
export type CompileOutcome =
  | { readonly kind: 'compiled'; readonly sketch: CompiledSketch }
  | { readonly kind: 'failed'; readonly message: string; readonly diagnostics: readonly Diagnostic[] }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'busy'; readonly retryAfterSeconds: number }
  | { readonly kind: 'unavailable'; readonly message: string }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'offline' }
  | { readonly kind: 'error'; readonly message: string };

const PATH = '/api/sketches/compile';

function retryAfterOf(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 10;
}

/** Compiles the learner's sketch on the server; never throws but for an abort. */
export async function compileSketch(board: Board, source: string, signal?: AbortSignal): Promise<CompileOutcome> {
  if (new TextEncoder().encode(source).length > SKETCH_SOURCE_MAX_BYTES) return { kind: 'too-large' };
  let response: Response;
  try {
    // A 401 is thrown so withAccessToken refreshes an expired token once and tries again.
    response = await withAccessToken(async (accessToken) => {
      const answer = await fetch(PATH, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
        body: JSON.stringify({ board, source }),
        signal,
      });
      if (answer.status === 401) throw new ApiRequestError(401, 'unauthorized', 'Sign in to run your version.');
      return answer;
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ApiRequestError && error.status === 401) return { kind: 'signed-out' };
    return { kind: 'offline' };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = compiledSketchSchema.safeParse(payload);
    return parsed.success
      ? { kind: 'compiled', sketch: parsed.data }
      : { kind: 'error', message: 'The server sent an answer the page cannot read.' };
  }
  if (response.status === 422) {
    const parsed = compileFailedSchema.safeParse(payload);
    if (parsed.success) {
      return { kind: 'failed', message: parsed.data.error.message, diagnostics: parsed.data.error.diagnostics };
    }
  }
  if (response.status === 413) return { kind: 'too-large' };
  if (response.status === 429) return { kind: 'busy', retryAfterSeconds: retryAfterOf(response) };
  const error = apiErrorSchema.safeParse(payload);
  if (response.status === 503) {
    return {
      kind: 'unavailable',
      message: error.success ? error.data.error.message : 'The compiler is not available right now.',
    };
  }
  return {
    kind: 'error',
    message: error.success ? error.data.error.message : `The server answered ${response.status}.`,
  };
}
