import type { FastifyRequest } from 'fastify';
import { RESET_PASSWORD_PATH } from '#shared/constants.ts';

/** Where a reset link points: SITE_URL when set, otherwise the origin the request came to. */
export function resetLinkUrl(siteUrl: string | null | undefined, request: FastifyRequest, token: string): string {
  const base = siteUrl ?? `${request.protocol}://${request.host}`;
  return new URL(`${RESET_PASSWORD_PATH}#token=${token}`, base).href;
}
