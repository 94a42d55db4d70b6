import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicProfile, publicProfileListSchema } from '#shared/schemas/profile.ts';
import { apiRequest } from '#web/lib/api-client.ts';

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
 * Live changes seen while the profile stream is open, in arrival order. A list fetch re-applies
 * those that arrived after it started, so a change that lands while the list is in flight is never lost.
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

/** Marks the community list stale, refetching it where it is shown: it may miss changes. */
export function invalidateProfiles(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: profilesQueryOptions().queryKey, exact: true });
}

/** A live change: into the cached list now, and into any list fetch already on its way. */
export function receiveProfileChange(queryClient: QueryClient, profile: PublicProfile): void {
  recentChanges = [...recentChanges.slice(-199), { seq: ++arrivals, profile }];
  queryClient.setQueryData(profilesQueryOptions().queryKey, (list) =>
    list ? applyProfileChange(list, profile) : list,
  );
}

/** The stream closed: nothing is left for a later list fetch to catch up on. */
export function forgetProfileChanges(): void {
  recentChanges = [];
}
