import { useEffect, useState } from 'react';
import { type PublicProfile, profileRemovalSchema, publicProfileSchema } from '#shared/schemas/profile.ts';
import { createLiveStream, type LiveMessage, type LiveStream, type LiveStreamOptions } from '#web/lib/live-stream.ts';
import { queryClient } from '#web/lib/query-client.tsx';
import { forgetProfileChanges, invalidateProfiles, receiveProfileChange, receiveProfileRemoval } from './profiles.ts';

export const PROFILE_STREAM_URL = '/api/realtime/profiles';

type ProfileChangeKind = 'INSERT' | 'UPDATE';
export type ProfileStreamEvent =
  | { readonly type: 'change'; readonly kind: ProfileChangeKind; readonly profile: PublicProfile }
  // DELETE: the member left the list (hidden, suspended or deleted); the event carries their id only.
  | { readonly type: 'removal'; readonly id: string }
  // READY (first connection) and RESYNC (resumed from too far back): the list may be stale.
  | { readonly type: 'stale' };

export type ProfileStreamOptions = Omit<LiveStreamOptions<ProfileStreamEvent>, 'url' | 'parse' | 'resumable' | 'auth'>;

function parseData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** What an event of the profile stream says, or null for one that does not parse. */
export function profileStreamEvent({ event, data }: LiveMessage): ProfileStreamEvent | null {
  switch (event) {
    case 'INSERT':
    case 'UPDATE': {
      const parsed = publicProfileSchema.safeParse(parseData(data));
      return parsed.success ? { type: 'change', kind: event, profile: parsed.data } : null;
    }
    case 'DELETE': {
      const parsed = profileRemovalSchema.safeParse(parseData(data));
      return parsed.success ? { type: 'removal', id: parsed.data.id } : null;
    }
    case 'READY':
    case 'RESYNC':
      return { type: 'stale' };
    default:
      return null;
  }
}

/**
 * The public profile stream (product §4), through the one stream client: no token (it is open to
 * everyone), and resumed with `Last-Event-ID` after a dropped connection, so nothing is missed.
 */
export function createProfileStream(options: ProfileStreamOptions): LiveStream<ProfileStreamEvent> {
  return createLiveStream({ ...options, url: PROFILE_STREAM_URL, resumable: true, parse: profileStreamEvent });
}

let tabStream: LiveStream<ProfileStreamEvent> | null = null;

/** The tab's one profile stream, which keeps the cached community list current (product §4). */
function profileStream(): LiveStream<ProfileStreamEvent> {
  tabStream ??= createProfileStream({
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
