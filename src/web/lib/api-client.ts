import type { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';

/** An API answer that was not a success, with the server's code and message when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** The answer's whole body, for a caller that reads more of it (a compile's diagnostics); parse before use. */
  readonly payload: unknown;
  constructor(status: number, code: string, message: string, payload: unknown = null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.payload = payload;
  }
}

/** What to tell the member about a failed call: the server's message, or a general one (product §8). */
export function reasonOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : 'Something went wrong. Please try again.';
}

/** Status 0: the request never got an answer (offline, DNS, connection reset). */
const NETWORK_ERROR_STATUS = 0;
/** Gateway and overload answers: the same request may well succeed a moment later (product §7: 502, 503, 504). */
const RETRYABLE_STATUSES: readonly number[] = [502, 503, 504];

const networkError = () =>
  new ApiRequestError(
    NETWORK_ERROR_STATUS,
    'network_error',
    'Could not reach the server. Check your connection and try again.',
  );

/** Whether repeating the request may help: no answer at all, or a gateway/overload answer. */
export function isRetryable(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.status === NETWORK_ERROR_STATUS || RETRYABLE_STATUSES.includes(error.status))
  );
}

export interface ApiRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  /** Sent as a Bearer token; without it the request goes without an authorization header. */
  readonly accessToken?: string | null;
  readonly signal?: AbortSignal;
  /** Sent even as the page is left (`fetch`'s `keepalive`): the caller keeps its body within the browser's limit. */
  readonly keepalive?: boolean;
}

/** Calls our JSON API and parses the answer with `schema`; every failure becomes an ApiRequestError. */
export type ApiClient = <T extends z.ZodType>(path: string, schema: T, request?: ApiRequest) => Promise<z.infer<T>>;

/** An API client over `fetchImpl`; tests pass a fake, the app uses the browser's fetch. */
export function createApiClient(fetchImpl: typeof fetch = defaultFetch): ApiClient {
  return async (path, schema, request = {}) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;

    let response: Response;
    try {
      // Called before any await, so a request made on `pagehide` leaves while the page is still there.
      response = await fetchImpl(path, {
        method: request.method ?? 'GET',
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal,
        keepalive: request.keepalive === true,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw networkError();
    }

    const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) throw errorOf(response.status, payload);
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new ApiRequestError(response.status, 'bad_response', 'The server sent an unexpected answer.');
    return parsed.data;
  };
}

function errorOf(status: number, payload: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(payload);
  return parsed.success
    ? new ApiRequestError(status, parsed.data.error.code, parsed.data.error.message, payload)
    : new ApiRequestError(status, 'http_error', `The server answered ${status}.`);
}

/** A file the API answers as an attachment, with the name the server gives it (`Content-Disposition`). */
export interface ApiFile {
  readonly blob: Blob;
  readonly filename: string | null;
}

/** `filename="…"` of a `Content-Disposition: attachment` header. */
export function attachmentName(disposition: string | null): string | null {
  const name = disposition?.match(/filename="([^"]+)"/)?.[1] ?? disposition?.match(/filename=([^;\s]+)/)?.[1];
  return name?.trim() || null;
}

/** Downloads a file from our API (the data export); failures become ApiRequestErrors as in createApiClient. */
export async function apiFileRequest(
  path: string,
  request: Pick<ApiRequest, 'accessToken' | 'signal'> = {},
  fetchImpl: typeof fetch = defaultFetch,
): Promise<ApiFile> {
  const headers: Record<string, string> = {};
  if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
  let response: Response;
  try {
    response = await fetchImpl(path, { headers, signal: request.signal });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) throw errorOf(response.status, await response.json().catch(() => null));
  return { blob: await response.blob(), filename: attachmentName(response.headers.get('content-disposition')) };
}

// Looked up at call time and called unbound: browsers throw "Illegal invocation" on fetch with a foreign `this`.
function defaultFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return globalThis.fetch(input, init);
}

/** The app's client, over the browser's fetch. */
export const apiRequest: ApiClient = createApiClient();
