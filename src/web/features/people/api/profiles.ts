import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicProfile, publicProfileListSchema } from '#shared/schemas/profile.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Newest first, as the list is ordered (product §3). */
function byNewest(a: PublicProfile, b: PublicProfile): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/** product §4: a new profile goes to the top; an updated one replaces its card in place. */
export function applyProfileChange(list: readonly PublicProfile[], profile: PublicProfile): PublicProfile[] {
  const index = list.findIndex((p) => p.id === profile.id);
  if (index === -1) return [profile, ...list].sort(byNewest);
  return list.map((p, i) => (i === index ? profile : p));
}

/** A member who left the list (hidden, suspended, deleted: a DELETE event) loses their card. */
export function applyProfileRemoval(list: readonly PublicProfile[], id: string): PublicProfile[] {
  return list.filter((p) => p.id !== id);
}

/** A live change to the list: a member's new or changed profile, or a member's removal. */
type ListChange = { readonly profile: PublicProfile } | { readonly removedId: string };

const applyListChange = (list: readonly PublicProfile[], change: ListChange) =>
  'profile' in change ? applyProfileChange(list, change.profile) : applyProfileRemoval(list, change.removedId);

/*
 * Live changes seen while the profile stream is open, in arrival order. A list fetch re-applies
 * those that arrived after it started, so a change that lands while the list is in flight is never lost.
 */
let arrivals = 0;
let recentChanges: { seq: number; change: ListChange }[] = [];

async function getProfiles(signal?: AbortSignal): Promise<PublicProfile[]> {
  const startedAt = arrivals;
  const list = await apiRequest('/api/profiles', publicProfileListSchema, { signal });
  return recentChanges.filter((c) => c.seq > startedAt).reduce((acc, c) => applyListChange(acc, c.change), list);
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

function receive(queryClient: QueryClient, change: ListChange): void {
  recentChanges = [...recentChanges.slice(-199), { seq: ++arrivals, change }];
  queryClient.setQueryData(profilesQueryOptions().queryKey, (list) => (list ? applyListChange(list, change) : list));
}

/** A live change: into the cached list now, and into any list fetch already on its way. */
export function receiveProfileChange(queryClient: QueryClient, profile: PublicProfile): void {
  receive(queryClient, { profile });
}

/** A live removal (DELETE): out of the cached list now, and out of any list fetch already on its way. */
export function receiveProfileRemoval(queryClient: QueryClient, id: string): void {
  receive(queryClient, { removedId: id });
}

/** The stream closed: nothing is left for a later list fetch to catch up on. */
export function forgetProfileChanges(): void {
  recentChanges = [];
}
