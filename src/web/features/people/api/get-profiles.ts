import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicProfileListSchema } from '#shared/schemas/profile.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function getProfiles(signal?: AbortSignal) {
  return apiRequest('/api/profiles', publicProfileListSchema, { signal });
}

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: ['profiles'], queryFn: ({ signal }) => getProfiles(signal) });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}
