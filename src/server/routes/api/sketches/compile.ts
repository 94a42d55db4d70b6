import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  compiledSketchSchema,
  compileFailedSchema,
  compileRequestSchema,
  SKETCH_SOURCE_MAX_BYTES,
} from '#shared/schemas/sketch-compile.ts';
import { CompileRefusal } from '../../../compile/compile-service.ts';
import { HttpError } from '../../../http-error.ts';
import { errorResponses } from '../error-responses.ts';

/** Room for a 64 KB sketch as JSON, where every newline and quote is escaped (`\n`, `\"`). */
const BODY_LIMIT_BYTES = 4 * SKETCH_SOURCE_MAX_BYTES;

const REFUSALS = {
  unavailable: { status: 503, code: 'compiler_unavailable' },
  busy: { status: 503, code: 'compile_busy' },
  rate: { status: 429, code: 'over_request_rate_limit' },
  account: { status: 429, code: 'compiles_waiting' },
} as const;

/**
 * `POST /api/sketches/compile`: a member's or learner's sketch compiled for a board, in the
 * sandbox (src/server/compile/, docs/compile-service.md). 200 the program; 422 what to fix, on
 * the lines of their own sketch; 429 or 503 with `Retry-After` when it cannot be tried now.
 */
export const compileRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sketches/compile',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        body: compileRequestSchema,
        response: {
          200: compiledSketchSchema,
          422: compileFailedSchema,
          ...errorResponses(401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      const { board, source, files = [] } = request.body;
      const bytes = [source, ...files.map((file) => file.source)].reduce(
        (sum, text) => sum + Buffer.byteLength(text),
        0,
      );
      if (bytes > SKETCH_SOURCE_MAX_BYTES) {
        throw new HttpError(
          413,
          'sketch_too_large',
          `A sketch may be at most ${SKETCH_SOURCE_MAX_BYTES / 1024} KB, its tabs included.`,
        );
      }
      reply.header('cache-control', 'no-store');
      // A learner who hangs up leaves the queue, or has their compile stopped.
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (reply.raw.writableFinished) return;
        left.abort(new Error('The learner left before the answer'));
      });
      try {
        const answer = await app.sketchCompiles.compile(caller.userId, board, source, left.signal, files);
        if (answer.ok) return answer.sketch;
        return reply.code(422).send({
          error: { code: 'compile_failed', message: answer.message, diagnostics: answer.diagnostics },
        });
      } catch (error) {
        if (!(error instanceof CompileRefusal)) throw error;
        const { status, code } = REFUSALS[error.reason];
        reply.header('retry-after', String(error.retryAfterSeconds));
        throw new HttpError(status, code, error.message);
      }
    },
  );
};
