import type { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';

/** An API answer that was not a success, with the server's code and message when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiRequest {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly accessToken?: string | null;
  readonly signal?: AbortSignal;
}

/** Calls our JSON API and parses the answer with `schema`; every failure becomes an ApiRequestError. */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  request: ApiRequest = {},
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw parsed.success
      ? new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message)
      : new ApiRequestError(response.status, 'http_error', `The server answered ${response.status}.`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    throw new ApiRequestError(response.status, 'bad_response', 'The server sent an unexpected answer.');
  return parsed.data;
}
