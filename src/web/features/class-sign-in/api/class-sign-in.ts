import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { classSignInPageSchema } from '#shared/schemas/classes.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { sessionManager } from '#web/lib/auth/session.ts';

/** The class's sign-in page: its name and its learners' shown names (no token needed). */
export const classSignInPageQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['class-sign-in', code],
    queryFn: ({ signal }) =>
      apiRequest(`/api/class-sign-in/${encodeURIComponent(code)}`, classSignInPageSchema, { signal }),
    retry: false,
  });

export const useClassSignInPage = (code: string) => useQuery(classSignInPageQueryOptions(code));

/** Signs the learner in; the session manager keeps the session as for any member. */
export function useClassSignIn(code: string) {
  return useMutation({
    mutationFn: (credentials: { learner_id: string; secret: string }) =>
      sessionManager().signInWith(`/api/class-sign-in/${encodeURIComponent(code)}`, credentials),
  });
}
