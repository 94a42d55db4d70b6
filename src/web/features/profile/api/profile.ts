import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PublicProfile, publicProfileSchema } from '#shared/schemas/profile.ts';
import type { ProfileUpdate } from '#shared/schemas/profile-update.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['profiles', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/api/profiles/${encodeURIComponent(id)}`, publicProfileSchema, { signal }),
  });

export function useProfile(id: string | null) {
  return useQuery({ ...profileQueryOptions(id ?? ''), enabled: id !== null });
}

export function updateProfile(id: string, update: ProfileUpdate): Promise<PublicProfile> {
  return authedRequest(`/api/profiles/${encodeURIComponent(id)}`, publicProfileSchema, {
    method: 'PATCH',
    body: update,
  });
}

/** Saves the profile; `onSaved` lets the page refresh what else shows it (the community list). */
export function useUpdateProfile(id: string, onSaved?: (profile: PublicProfile) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(id, update),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(id).queryKey, profile);
      onSaved?.(profile);
    },
  });
}
