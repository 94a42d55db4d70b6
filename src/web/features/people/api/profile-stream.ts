import { useEffect, useState } from 'react';
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from '#shared/constants.ts';
import { type PublicProfile, profileRemovalSchema, publicProfileSchema } from '#shared/schemas/profile.ts';
import { queryClient } from '#web/lib/query-client.tsx';
import { forgetProfileChanges, invalidateProfiles, receiveProfileChange, receiveProfileRemoval } from './profiles.ts';

export const PROFILE_STREAM_URL = '/api/realtime/profiles';
/**
 * After the server refused the stream (429 or 503; EventSource shows neither status nor header), wait
 * what its Retry-After says, plus up to a fifth more so that many refused tabs do not return at once.
 */
const RETRY_AFTER_MS = LIVE_STREAM_RETRY_AFTER_SECONDS * 1000;
const RETRY_JITTER = 0.2;

type ProfileChangeKind = 'INSERT' | 'UPDATE';
export type ProfileStreamEvent =
  | { readonly type: 'change'; readonly kind: ProfileChangeKind; readonly profile: PublicProfile }
  // DELETE: the member left the list (hidden, suspended or deleted); the event carries their id only.
  | { readonly type: 'removal'; readonly id: string }
  // READY (first connection) and RESYNC (resumed from too far back): the list may be stale.
  | { readonly type: 'stale' };
type ProfileStreamListener = (event: ProfileStreamEvent) => void;

/** The part of the browser's EventSource the stream uses, so tests can pass a fake class. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
interface EventSourceClass {
  new (url: string): EventSourceLike;
  readonly CLOSED: number;
}

export interface ProfileStreamOptions {
  readonly EventSource: EventSourceClass;
  /** Runs once per event, before the subscribers hear of it. */
  readonly onEvent?: ProfileStreamListener;
  /** Runs when the last subscriber has left and the connection is closed. */
  readonly onClose?: () => void;
  /** A fixed delay before opening a refused stream again, instead of Retry-After with jitter. */
  readonly reconnectDelayMs?: number;
  /** The jitter's source of randomness, in [0, 1). */
  readonly random?: () => number;
}

interface ProfileStream {
  /** Starts listening; the first subscriber opens the connection. Returns the undo. */
  subscribe(listener: ProfileStreamListener): () => void;
}

/**
 * One connection shared by every subscriber and counted: the first subscriber opens it, and it
 * closes only when the last one leaves, so one unmounting component does not cut off the others.
 */
export function createProfileStream(options: ProfileStreamOptions): ProfileStream {
  const { EventSource, onEvent, onClose, reconnectDelayMs, random = Math.random } = options;
  const delayAfterRefusal = () => reconnectDelayMs ?? RETRY_AFTER_MS * (1 + RETRY_JITTER * random());
  // One entry per subscribe call, so a listener subscribed twice counts twice.
  const subscriptions = new Set<{ readonly listener: ProfileStreamListener }>();
  let source: EventSourceLike | null = null;
  let reconnect: ReturnType<typeof setTimeout> | undefined;

  const dispatch = (event: ProfileStreamEvent) => {
    onEvent?.(event);
    // A copy, so a listener that unsubscribes while being called does not skip its neighbour.
    for (const { listener } of [...subscriptions]) listener(event);
  };

  const parseData = (message: MessageEvent<string>): unknown => {
    try {
      return JSON.parse(message.data);
    } catch {
      return undefined;
    }
  };
  const onChange = (kind: ProfileChangeKind) => (message: MessageEvent<string>) => {
    const parsed = publicProfileSchema.safeParse(parseData(message));
    if (parsed.success) dispatch({ type: 'change', kind, profile: parsed.data });
  };
  const onRemoval = (message: MessageEvent<string>) => {
    const parsed = profileRemovalSchema.safeParse(parseData(message));
    if (parsed.success) dispatch({ type: 'removal', id: parsed.data.id });
  };
  const onStale = () => dispatch({ type: 'stale' });

  const open = () => {
    const opened = new EventSource(PROFILE_STREAM_URL);
    source = opened;
    opened.addEventListener('INSERT', onChange('INSERT'));
    opened.addEventListener('UPDATE', onChange('UPDATE'));
    opened.addEventListener('DELETE', onRemoval);
    opened.addEventListener('READY', onStale);
    opened.addEventListener('RESYNC', onStale);
    opened.addEventListener('error', () => {
      // The browser reconnects by itself (sending Last-Event-ID) unless the stream was refused.
      if (opened.readyState !== EventSource.CLOSED) return;
      opened.close();
      if (source === opened) reconnect = setTimeout(open, delayAfterRefusal());
    });
  };

  const close = () => {
    clearTimeout(reconnect);
    source?.close();
    source = null;
    onClose?.();
  };

  return {
    subscribe(listener) {
      const subscription = { listener };
      subscriptions.add(subscription);
      if (subscriptions.size === 1) open();
      return () => {
        if (!subscriptions.delete(subscription)) return;
        if (subscriptions.size === 0) close();
      };
    },
  };
}

let tabStream: ProfileStream | null = null;

/** The tab's one profile stream, which keeps the cached community list current (product §4). */
function profileStream(): ProfileStream {
  tabStream ??= createProfileStream({
    EventSource,
    onEvent: (event) => {
      if (event.type === 'change') receiveProfileChange(queryClient, event.profile);
      else if (event.type === 'removal') receiveProfileRemoval(queryClient, event.id);
      else void invalidateProfiles(queryClient);
    },
    onClose: forgetProfileChanges,
  });
  return tabStream;
}

function describeChange(kind: ProfileChangeKind, profile: PublicProfile): string {
  const name = profile.username?.trim() || 'Anonymous Builder';
  return kind === 'INSERT' ? `New member: ${name}` : `${name} updated their profile`;
}

/**
 * Subscribes to the live profile stream while the component is shown (product §2 People, §4).
 * Returns the latest change in words, for a polite screen-reader announcement.
 */
export function useLiveProfiles(): string {
  const [announcement, setAnnouncement] = useState('');
  useEffect(
    () =>
      profileStream().subscribe((event) => {
        if (event.type === 'change') setAnnouncement(describeChange(event.kind, event.profile));
        if (event.type === 'removal') setAnnouncement('A member left the community list');
      }),
    [],
  );
  return announcement;
}
