import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '#shared/schemas/api-error.ts';
import { HttpError } from '../http-error.ts';

export function apiError(code: string, message: string): ApiError {
  return { error: { code, message } };
}

/** Fastify's own error codes for bad requests, mapped to our codes and plain messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'The Content-Length header is wrong.' },
};

function describeValidation(error: FastifyError): string {
  const issues = error.validation ?? [];
  const where = error.validationContext ?? 'request';
  const parts = issues.slice(0, 5).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field ? `${where}.${field}: ${issue.message}` : `${where}: ${issue.message}`;
  });
  return parts.join('; ') || `The ${where} is not valid.`;
}

/**
 * One error handler for the whole app: every error leaves as `{ error: { code, message } }` with
 * its status, and nothing of a 5xx (stack, SQL, internals) reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(apiError('validation_failed', describeValidation(error)));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(apiError(error.code, error.message));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (known) {
      return reply.code(status).send(apiError(known.code, known.message));
    }
    if (status === 429) {
      return reply.code(429).send(apiError('over_request_rate_limit', error.message));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(apiError('bad_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(apiError('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
