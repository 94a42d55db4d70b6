import http from 'node:http';

/**
 * A lean HTTP client for load and crash runs: node:http over keep-alive sockets costs a fraction
 * of fetch's CPU (the generator shares the machine with the server) and reports network failures
 * by their socket error code, which the crash suite needs to tell "never delivered" from "cut off".
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export interface ApiResponse {
  readonly status: number;
  readonly text: string;
}

/** The request failed below HTTP: `code` is the socket error (ECONNREFUSED, ECONNRESET, …) or TIMEOUT. */
export class NetworkError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'NetworkError';
    this.code = code;
  }

  /** Refused connections never reached the server, so they cannot have changed anything. */
  get neverDelivered(): boolean {
    return this.code === 'ECONNREFUSED';
  }
}

export interface ApiRequestOptions {
  readonly json?: unknown;
  readonly token?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

export function apiRequest(
  baseUrl: string,
  method: string,
  path: string,
  { json, token, headers: extraHeaders = {}, timeoutMs = 10_000 }: ApiRequestOptions = {},
): Promise<ApiResponse> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const headers: Record<string, string> = { ...extraHeaders };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  if (token !== undefined) headers.authorization = `Bearer ${token}`;

  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, baseUrl), { method, headers, agent, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', (error: NodeJS.ErrnoException) => reject(toNetworkError(error)));
    });
    request.on('timeout', () => request.destroy(new NetworkError('TIMEOUT', `no answer within ${timeoutMs} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) => reject(toNetworkError(error)));
    request.end(body);
  });
}

function toNetworkError(error: NodeJS.ErrnoException): NetworkError {
  if (error instanceof NetworkError) return error;
  return new NetworkError(error.code ?? 'ERROR', error.message);
}

/** Parses a JSON answer with a zod-style schema, naming the request when it does not fit. */
export function parseJson<T>(response: ApiResponse, schema: { parse(value: unknown): T }, what: string): T {
  try {
    return schema.parse(JSON.parse(response.text));
  } catch (error) {
    throw new Error(`${what}: unexpected answer ${response.status} ${response.text.slice(0, 200)}`, { cause: error });
  }
}
