import http from 'node:http';

export interface RawRequest {
  readonly method: string;
  /** Sent exactly as given: no URL normalisation, so `..` segments and odd encodings reach the server. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed if the server compressed it). */
  readonly body: Buffer;
  /** The body decoded as UTF-8. */
  readonly text: string;
  /** An event stream never ends by itself: only its head was read, then the connection was closed. */
  readonly streamed: boolean;
}

/** Enough to see any leaked file; a bigger answer is cut here instead of filling memory. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * One HTTP/1.1 request on its own connection, over `node:http` rather than fetch so that the path
 * and headers go out byte for byte. Rejects when no complete answer arrives within `timeoutMs`:
 * a request the server never answers is a failure, not a wait.
 */
export function sendRaw(baseUrl: string, request: RawRequest, timeoutMs = 5000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));

  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: hostname,
      port,
      method: request.method,
      path: request.path,
      headers,
      agent: false,
    });
    const timer = setTimeout(() => {
      outgoing.destroy(new Error(`no complete answer within ${timeoutMs} ms: ${request.method} ${request.path}`));
    }, timeoutMs);
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.on('response', (incoming) => {
      const status = incoming.statusCode ?? 0;
      if (String(incoming.headers['content-type']).startsWith('text/event-stream')) {
        clearTimeout(timer);
        incoming.destroy();
        outgoing.destroy();
        resolve({ status, headers: incoming.headers, body: Buffer.alloc(0), text: '', streamed: true });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      incoming.on('end', () => {
        clearTimeout(timer);
        const body = Buffer.concat(chunks);
        resolve({ status, headers: incoming.headers, body, text: body.toString('utf8'), streamed: false });
      });
      incoming.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  });
}
