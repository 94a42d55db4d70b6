import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMON_SECURITY_HEADERS,
  RESOURCE_CSP,
  transportSecurityHeaders,
} from '../../../plugins/external/security-headers.ts';
import { MAX_CLIENT_BUFFER_BYTES } from '../../../realtime/profile-feed.ts';
import { streamClient } from '../../../realtime/stream-client.ts';
import { errorResponses } from '../error-responses.ts';

/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_AFTER_MS = 2000;

function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  // Anything that is not a change id cannot be resumed from; -1 makes the feed answer RESYNC.
  return /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : -1;
}

/**
 * `GET /api/realtime/profiles`: server-sent events INSERT and UPDATE with public profiles, open
 * to everyone (product §2: the people list is public). `Last-Event-ID` resumes without loss.
 * A 200 is an event stream written by hand; errors (a bad query) leave before it starts.
 */
export const profileStreamRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/realtime/profiles',
    { schema: { querystring: z.strictObject({}), response: errorResponses(429, 503) } },
    async (request, reply) => {
      const lastEventId = parseLastEventId(request.headers['last-event-id']);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies such as nginx must pass events through instead of buffering them.
        'x-accel-buffering': 'no',
        'content-security-policy': RESOURCE_CSP,
        ...COMMON_SECURITY_HEADERS,
        ...transportSecurityHeaders(request),
      });
      // HEAD (which Fastify routes here too) gets the headers and an end: no body ever follows them.
      if (request.method === 'HEAD') {
        raw.end();
        return;
      }
      raw.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);

      const client = streamClient(raw, MAX_CLIENT_BUFFER_BYTES, () =>
        request.log.warn('realtime client too slow: disconnected (it will resume)'),
      );
      const closed = new Promise<void>((resolve) => raw.once('close', resolve));
      const detach = await app.profileFeed.attach(client, lastEventId);
      await closed;
      client.close();
      detach();
    },
  );
};
