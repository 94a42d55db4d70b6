import { apiErrorSchema } from '#shared/schemas/api-error.ts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * Response schemas for the error statuses a route sends. Every route can answer 400 (a malformed
 * URL or query), 500 (our fault, details hidden) and 503 (the database is unreachable for a
 * moment); a route with a body also 413 and 415.
 */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S | 400 | 500 | 503, typeof apiErrorSchema> {
  const all: ErrorStatus[] = [400, 500, 503, ...statuses];
  return Object.fromEntries(all.map((status) => [status, apiErrorSchema])) as Record<
    S | 400 | 500 | 503,
    typeof apiErrorSchema
  >;
}

/** The statuses of a JSON body that cannot be read: too large, or not JSON. */
export const BODY_ERRORS = [413, 415] as const;
