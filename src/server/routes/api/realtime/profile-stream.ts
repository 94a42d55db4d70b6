import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../error-responses.ts';
import { sendEventStream } from '../event-stream.ts';

function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  // Anything that is not a change id cannot be resumed from; -1 makes the feed answer RESYNC.
  return /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : -1;
}

/**
 * `GET /api/realtime/profiles`: server-sent events INSERT and UPDATE with public profiles, open
 * to everyone (product §2: the people list is public). `Last-Event-ID` resumes without loss.
 * A 200 is an event stream written by hand; errors (a bad query, too many streams) leave before it
 * starts. Open streams are capped per client address (429) and in all (503), with `Retry-After`.
 */
export const profileStreamRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/realtime/profiles',
    { schema: { querystring: z.strictObject({}), response: errorResponses(429, 503) } },
    async (request, reply) => {
      const lastEventId = parseLastEventId(request.headers['last-event-id']);
      await sendEventStream(app, request, reply, {
        cacheControl: 'no-cache',
        tooSlowMessage: 'realtime client too slow: disconnected (it will resume)',
        attach: (client) => app.profileFeed.attach(client, lastEventId),
      });
    },
  );
};
