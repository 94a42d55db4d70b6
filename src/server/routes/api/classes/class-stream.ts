import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classParamsSchema } from '#shared/schemas/classes.ts';
import { errorResponses } from '../error-responses.ts';
import { sendEventStream } from '../event-stream.ts';
import { teacherOf } from './taught-class.ts';

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
      await sendEventStream(app, request, reply, {
        cacheControl: 'no-store',
        tooSlowMessage: 'class stream client too slow: disconnected (it will reconnect)',
        attach: (client) => app.classFeed.attach(request.params.id, client),
      });
    },
  );
};
