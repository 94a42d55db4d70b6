import type { FeedClient } from './profile-feed.ts';

/** What a feed client needs of an HTTP response: Node's ServerResponse has all of it. */
export interface EventSink {
  readonly writableLength: number;
  write(chunk: string): boolean;
  end(): void;
}

/**
 * A feed client over one HTTP response. A client that stops reading lets unsent data pile up in
 * the response: past `maxBufferedBytes` it is disconnected (and resumes later with Last-Event-ID)
 * rather than growing the server's memory or holding up the others.
 */
export function streamClient(
  sink: EventSink,
  maxBufferedBytes: number,
  onTooSlow: () => void,
): FeedClient & { readonly open: boolean } {
  let open = true;
  const client = {
    get open() {
      return open;
    },
    write(chunk: string) {
      if (!open) return false;
      if (sink.writableLength > maxBufferedBytes) {
        onTooSlow();
        client.close();
        return false;
      }
      sink.write(chunk);
      return true;
    },
    close() {
      if (!open) return;
      open = false;
      sink.end();
    },
  };
  return client;
}
