import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value may be a credential, by name: passwords, tokens, codes, secrets and
 * keys of any spelling (`password`, `new_password`, `access_token`, `code`, `api_key`…). The app
 * never puts one in a URL, but a form sent before the app started, a mistyped link or a third-party
 * client can, and a log line is kept far longer and by more people than the request.
 */
const SECRET_PARAMETER = /pass|token|secret|code|key|auth|session|credential|signature/i;

/** `url` (path and query, as the request line has it) with every secret-named parameter's value replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_PARAMETER.test(decoded) ? `${name}=[REDACTED]` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

/** What the log says of a request: Fastify's own fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
