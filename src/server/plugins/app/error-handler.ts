import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '#shared/schemas/api-error.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { HttpError } from '../../http-error.ts';
import { COMMON_SECURITY_HEADERS, RESOURCE_CSP } from '../external/security-headers.ts';

/** How long a client should wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

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
  // Raised by the router (see sendFrameworkError); the messages do not echo the path back.
  FST_ERR_BAD_URL: { code: 'bad_request', message: 'The URL is not valid (bad percent-encoding).' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', message: 'A part of the URL path is too long.' },
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
 * The router's own errors (bad percent-encoding, an over-long path parameter) are answered before
 * any hook or error handler applies, so they get the error shape and security headers here.
 */
export function sendFrameworkError(error: FastifyError, reply: FastifyReply): FastifyReply {
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  reply.headers({ ...COMMON_SECURITY_HEADERS, 'content-security-policy': RESOURCE_CSP });
  if (!known) {
    reply.log.error({ err: error }, 'request failed');
    return reply.code(500).send(apiError('internal_error', 'Something went wrong on our side. Please try again.'));
  }
  return reply.code(error.statusCode ?? 400).send(apiError(known.code, known.message));
}

/** What Node's HTTP parser refuses, by its error code: the status line and our answer. */
const PARSER_ERRORS: Record<string, { status: number; reason: string; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'headers_too_large',
    message: 'The URL or the request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
  },
};
const MALFORMED_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  code: 'bad_request',
  message: 'The request is not valid HTTP.',
};

/** What the parser read of the refused request: tells whether the request was a HEAD. */
function isHeadRequest(rawPacket: unknown): boolean {
  return Buffer.isBuffer(rawPacket) && rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
}

/**
 * Requests Node's HTTP parser refuses (a URL or headers over its size limit, broken framing)
 * never reach Fastify's routing: answer them on the socket in the same shape, with the same headers.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (error.code ? PARSER_ERRORS[error.code] : undefined) ?? MALFORMED_REQUEST;
  if (socket.writable) {
    const body = JSON.stringify(apiError(answer.code, answer.message));
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
      'content-security-policy': RESOURCE_CSP,
      ...COMMON_SECURITY_HEADERS,
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    // An answer to HEAD has headers only, or the client reads the body as garbage.
    const content = isHeadRequest(error.rawPacket) ? '' : body;
    socket.write(`HTTP/1.1 ${answer.status} ${answer.reason}\r\n${head.join('')}\r\n${content}`);
  }
  socket.destroy(error);
}

/**
 * One error handler for the whole app: every error leaves as `{ error: { code, message } }` with
 * its status, and nothing of a 5xx (stack, SQL, internals) reaches the client.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
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
      if (isDatabaseUnavailable(error)) {
        // A restart or failover: say so and when to try again, instead of a 500 or a hang.
        request.log.warn({ reason: error.message }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(
            apiError('database_unavailable', 'The database is not reachable right now. Please try again in a moment.'),
          );
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(apiError('internal_error', 'Something went wrong on our side. Please try again.'));
    });
  },
  { name: 'error-handler' },
);
