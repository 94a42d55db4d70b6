import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import { sessionManager } from '#web/lib/auth/session.ts';
import { CLASSES_QUERY_ROOT } from './classes.ts';

const RECONNECT_MS = 2000;

/** What a class page's stream says: `READY` (read everything), or which part of the class changed. */
export type ClassStreamEvent = 'READY' | 'progress' | 'help' | 'roster';

/** Splits a server-sent event stream into the names of its events (`event: …` lines). */
export function eventNames(buffer: string): { names: string[]; rest: string } {
  const names: string[] = [];
  let rest = buffer.replace(/\r\n/g, '\n');
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const name = /^event: ?(.+)$/m.exec(block)?.[1]?.trim();
    if (name) names.push(name);
  }
  return { names, rest };
}

/** Which of the class's queries an event makes stale. */
export function staleParts(event: string): readonly ('detail' | 'progress' | 'help')[] {
  switch (event) {
    case 'progress':
      return ['progress', 'detail'];
    case 'help':
      return ['help'];
    case 'roster':
      return ['detail', 'progress', 'help'];
    case 'READY':
      return ['detail', 'progress', 'help'];
    default:
      return [];
  }
}

/**
 * Keeps a class page live (product D16): reads `GET /api/realtime/classes/:id` with fetch, the
 * teacher's token in the Authorization header (never in the URL, which EventSource would need), and
 * refetches the grid, the roster or the help queue when the server says they changed. Reconnects
 * after 2 s, or after the server's `Retry-After` when it refused; on reconnecting it reads all again.
 * Answers whether the stream is connected now.
 */
export function useClassStream(classId: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;

    const invalidate = (event: string) => {
      for (const part of staleParts(event)) {
        void queryClient.invalidateQueries({ queryKey: [...CLASSES_QUERY_ROOT, classId, part] });
      }
    };

    const again = (delayMs: number) => {
      setLive(false);
      if (!stopped) timer = setTimeout(() => void connect(), delayMs);
    };

    const connect = async () => {
      controller = new AbortController();
      const auth = sessionManager();
      let token = auth.getAccessToken();
      try {
        let response = await fetch(`/api/realtime/classes/${encodeURIComponent(classId)}`, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
          cache: 'no-store',
        });
        if (response.status === 401 && auth.getSession()) {
          token = (await auth.refreshSession())?.access_token ?? null;
          if (token === null) return;
          response = await fetch(`/api/realtime/classes/${encodeURIComponent(classId)}`, {
            headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
            signal: controller.signal,
            cache: 'no-store',
          });
        }
        if (!response.ok || !response.body) {
          const retryAfter = Number(response.headers.get('retry-after') ?? LIVE_STREAM_RETRY_AFTER_SECONDS);
          // Not a teacher of this class (any more): the page says so from its own reads; stop here.
          if (response.status === 403 || response.status === 404) return;
          again(response.status === 429 || response.status === 503 ? retryAfter * 1000 : RECONNECT_MS);
          return;
        }
        setLive(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const { names, rest } = eventNames(buffer + value);
          buffer = rest;
          for (const name of names) invalidate(name);
        }
        again(RECONNECT_MS);
      } catch {
        if (!stopped) again(RECONNECT_MS);
      }
    };

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    };
  }, [classId, queryClient]);

  return live;
}
