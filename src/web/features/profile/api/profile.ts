import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PublicProfile, publicProfileSchema } from '#shared/schemas/profile.ts';
import type { ProfileUpdate } from '#shared/schemas/profile-update.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import type { ErrorToast } from '#web/lib/error-toast.ts';
import { announceChange } from '#web/lib/query-client.tsx';

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['profiles', 'detail', id],
    // With the caller's token when there is one: a member's own profile is theirs to read even when it is
    // not listed (hidden, suspended, or a learner's, product D16), for the navigation's name chip.
    queryFn: ({ signal }) => authedRequest(`/api/profiles/${encodeURIComponent(id)}`, publicProfileSchema, { signal }),
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

/** Product §8: the server's reason follows when there is one. */
const profileNotSaved: ErrorToast = (error) => ({
  title: 'Error',
  description: `Failed to update profile.${error instanceof ApiRequestError ? ` ${error.message}` : ''}`,
});

/** Saves the profile; `onSaved` lets the page refresh what else shows it (the community list). */
export function useUpdateProfile(id: string, onSaved?: (profile: PublicProfile) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: profileNotSaved },
    mutationFn: (update: ProfileUpdate) => updateProfile(id, update),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(id).queryKey, profile);
      announceChange(profileQueryOptions(id).queryKey);
      onSaved?.(profile);
    },
  });
}
