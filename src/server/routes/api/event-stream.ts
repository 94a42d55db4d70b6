import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import { HttpError } from '../../http-error.ts';
import {
  COMMON_SECURITY_HEADERS,
  RESOURCE_CSP,
  transportSecurityHeaders,
} from '../../plugins/external/security-headers.ts';
import { type FeedClient, MAX_CLIENT_BUFFER_BYTES } from '../../realtime/profile-feed.ts';
import { streamClient } from '../../realtime/stream-client.ts';

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

export interface EventStreamOptions {
  /** `no-store` for a stream only its caller may read, `no-cache` for a public one. */
  readonly cacheControl: 'no-store' | 'no-cache';
  /** Logged when the client reads too slowly and is disconnected. */
  readonly tooSlowMessage: string;
  /** Subscribes the client to its feed; the answer unsubscribes it. */
  readonly attach: (client: FeedClient) => (() => void) | Promise<() => void>;
}

/**
 * Answers a live stream request whose caller the route has checked: a slot for the caller's address
 * (or 429 / 503 with `Retry-After`, before anything is written), then server-sent events written by
 * hand, the feed's, until the client goes or the feed ends the stream. Open streams are counted
 * per client address and in all against `MAX_STREAMS_PER_ADDRESS` and `MAX_STREAMS`.
 */
export async function sendEventStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): Promise<void> {
  // Behind TRUST_PROXY, request.ip is the client's forwarded address.
  const slot = app.streamSlots.acquire(request.ip);
  if (!slot.ok) {
    reply.header('retry-after', String(LIVE_STREAM_RETRY_AFTER_SECONDS));
    throw STREAM_REFUSALS[slot.reason]();
  }
  try {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': `${options.cacheControl}, no-transform`,
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
    const client = streamClient(raw, MAX_CLIENT_BUFFER_BYTES, () => request.log.warn(options.tooSlowMessage));
    const closed = new Promise<void>((resolve) => raw.once('close', resolve));
    const detach = await options.attach(client);
    await closed;
    client.close();
    detach();
  } finally {
    slot.release();
  }
}
