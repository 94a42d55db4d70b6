import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from '#shared/schemas/z.ts';
import { memberStreamAuth } from '#web/lib/auth/stream-auth.ts';
import { createLiveStream } from '#web/lib/live-stream.ts';
import { classProgressQueryOptions, classQueryOptions, helpQueueQueryOptions } from './classes.ts';

/** What a class page's stream says: `READY` (read everything), or which part of the class changed. */
const classStreamEventSchema = z.enum(['READY', 'progress', 'help', 'roster']);
export type ClassStreamEvent = z.infer<typeof classStreamEventSchema>;

/** The class's queries an event makes stale (a key also covers the keys it begins, e.g. one learner's progress). */
export function staleQueries(classId: string, event: ClassStreamEvent): readonly QueryKey[] {
  const detail = classQueryOptions(classId).queryKey;
  const progress = classProgressQueryOptions(classId).queryKey;
  const help = helpQueueQueryOptions(classId).queryKey;
  switch (event) {
    case 'progress':
      return [progress, detail];
    case 'help':
      return [help];
    case 'roster':
    case 'READY':
      return [detail, progress, help];
  }
}

/**
 * Keeps a class page live (product D16): reads `GET /api/realtime/classes/:id` through the one stream
 * client (live-stream.ts), the teacher's token in the Authorization header, and refetches the grid,
 * the roster or the help queue when the server says they changed. Nothing is replayed: on every
 * (re)connection the server says `READY` and the page reads all again. Answers whether the stream is
 * connected now.
 */
export function useClassStream(classId: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const stream = createLiveStream({
      url: `/api/realtime/classes/${encodeURIComponent(classId)}`,
      auth: memberStreamAuth,
      parse: (message) => classStreamEventSchema.safeParse(message.event).data ?? null,
      onEvent: (event) => {
        for (const queryKey of staleQueries(classId, event)) void queryClient.invalidateQueries({ queryKey });
      },
      onLive: setLive,
    });
    return stream.subscribe();
  }, [classId, queryClient]);

  return live;
}
