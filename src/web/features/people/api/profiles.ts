import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PublicProfile, publicProfileListSchema, publicProfileSchema } from '#shared/schemas/profile.ts';
import { apiRequest } from '#web/lib/api-client.ts';

type ChangeKind = 'INSERT' | 'UPDATE';

/** Newest first, as the list is ordered (SPEC §3). */
function byNewest(a: PublicProfile, b: PublicProfile): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/** SPEC §4: a new profile goes to the top; an updated one replaces its card in place. */
export function applyProfileChange(list: readonly PublicProfile[], profile: PublicProfile): PublicProfile[] {
  const index = list.findIndex((p) => p.id === profile.id);
  if (index === -1) return [profile, ...list].sort(byNewest);
  return list.map((p, i) => (i === index ? profile : p));
}

/*
 * Live changes seen while this page is open, in arrival order. A list fetch re-applies those that
 * arrived after it started, so a change that lands while the list is in flight is never lost.
 */
let arrivals = 0;
let recentChanges: { seq: number; profile: PublicProfile }[] = [];

async function getProfiles(signal?: AbortSignal): Promise<PublicProfile[]> {
  const startedAt = arrivals;
  const list = await apiRequest('/api/profiles', publicProfileListSchema, { signal });
  return recentChanges.filter((c) => c.seq > startedAt).reduce((acc, c) => applyProfileChange(acc, c.profile), list);
}

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: ['profiles'], queryFn: ({ signal }) => getProfiles(signal) });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}

function describeChange(kind: ChangeKind, profile: PublicProfile): string {
  const name = profile.username?.trim() || 'Anonymous Builder';
  return kind === 'INSERT' ? `New member: ${name}` : `${name} updated their profile`;
}

/**
 * Subscribes to the live profile stream while the page is shown (SPEC §2 People, §4). Returns the
 * latest change in words, for a polite screen-reader announcement.
 */
export function useLiveProfiles(): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const { queryKey } = profilesQueryOptions();
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const onChange = (kind: ChangeKind) => (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = publicProfileSchema.safeParse(data);
      if (!parsed.success) return;
      const profile = parsed.data;
      recentChanges = [...recentChanges.slice(-199), { seq: ++arrivals, profile }];
      queryClient.setQueryData(queryKey, (list) => (list ? applyProfileChange(list, profile) : list));
      setAnnouncement(describeChange(kind, profile));
    };
    // READY (first connection) and RESYNC (resumed from too far back): the list may be stale.
    const refetch = () => void queryClient.invalidateQueries({ queryKey, exact: true });

    const connect = () => {
      source = new EventSource('/api/realtime/profiles');
      source.addEventListener('INSERT', onChange('INSERT'));
      source.addEventListener('UPDATE', onChange('UPDATE'));
      source.addEventListener('READY', refetch);
      source.addEventListener('RESYNC', refetch);
      source.addEventListener('error', () => {
        // The browser reconnects by itself (sending Last-Event-ID) unless the stream was refused.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(connect, 5000);
        }
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
      recentChanges = [];
    };
  }, [queryClient]);

  return announcement;
}
