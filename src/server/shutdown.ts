import type { FastifyInstance } from 'fastify';

/**
 * Closes the app as SIGTERM wants it: the streams end and no connection is accepted any more
 * (`app.close()`), requests in flight get `graceMs` to finish, and the connections still open then
 * (a body that never completes) are closed, so the close cannot be held up by a client.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const cutOff = setTimeout(() => {
    app.log.warn('shutting down: closing the connections still open after the grace period');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
}
