import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route's `onRequest` hook for answers that carry a token or a user: no browser cache or proxy
 * may keep them (error answers of those routes included).
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
