import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import { classParamsSchema } from '#shared/schemas/classes.ts';
import { HttpError } from '../../../http-error.ts';
import {
  COMMON_SECURITY_HEADERS,
  RESOURCE_CSP,
  transportSecurityHeaders,
} from '../../../plugins/external/security-headers.ts';
import { MAX_CLIENT_BUFFER_BYTES } from '../../../realtime/profile-feed.ts';
import { streamClient } from '../../../realtime/stream-client.ts';
import { errorResponses } from '../error-responses.ts';
import { teacherOf } from './classes.ts';

const RECONNECT_AFTER_MS = 2000;

/**
 * `GET /api/realtime/classes/:id`: the class page's live wake-ups (product D16), for the class's
 * teachers and administrators only. Events `progress`, `help` and `roster` carry no data: the page
 * reads the grid or the queue again through the API. The token travels in the Authorization
 * header (the page reads the stream with fetch), never in the URL. Counted with the other streams
 * against `MAX_STREAMS_PER_ADDRESS` and `MAX_STREAMS`.
 */
export const classStreamRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/realtime/classes/:id',
    { schema: { params: classParamsSchema, response: errorResponses(401, 403, 404, 429, 503) } },
    async (request, reply) => {
      await teacherOf(app, request, request.params.id);
      const slot = app.streamSlots.acquire(request.ip);
      if (!slot.ok) {
        reply.header('retry-after', String(LIVE_STREAM_RETRY_AFTER_SECONDS));
        throw slot.reason === 'address'
          ? new HttpError(
              429,
              'too_many_streams',
              'Too many live streams are open from your address. Close a tab or try again later.',
            )
          : new HttpError(
              503,
              'too_many_streams_in_all',
              'The server has as many live streams open as it can. Try again later.',
            );
      }
      try {
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'content-security-policy': RESOURCE_CSP,
          ...COMMON_SECURITY_HEADERS,
          ...transportSecurityHeaders(request),
        });
        if (request.method === 'HEAD') {
          raw.end();
          return;
        }
        raw.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
        const client = streamClient(raw, MAX_CLIENT_BUFFER_BYTES, () =>
          request.log.warn('class stream client too slow: disconnected (it will reconnect)'),
        );
        const closed = new Promise<void>((resolve) => raw.once('close', resolve));
        const detach = app.classFeed.attach(request.params.id, client);
        await closed;
        client.close();
        detach();
      } finally {
        slot.release();
      }
    },
  );
};
