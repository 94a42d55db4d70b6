import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import { HttpError } from '../../../http-error.ts';
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

const STREAM_REFUSALS = {
  address: () =>
    new HttpError(
      429,
      'too_many_streams',
      'Too many live streams are open from your address. Close a tab or try again later.',
    ),
  total: () =>
    new HttpError(
      503,
      'too_many_streams_in_all',
      'The server has as many live streams open as it can. Try again later.',
    ),
} as const;

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
      // Behind TRUST_PROXY, request.ip is the client's forwarded address.
      const slot = app.streamSlots.acquire(request.ip);
      if (!slot.ok) {
        reply.header('retry-after', String(LIVE_STREAM_RETRY_AFTER_SECONDS));
        throw STREAM_REFUSALS[slot.reason]();
      }
      try {
        await stream(request, reply, lastEventId);
      } finally {
        slot.release();
      }
    },
  );

  async function stream(request: FastifyRequest, reply: FastifyReply, lastEventId: number | null): Promise<void> {
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
  }
};
