import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AskHelpRequest, learnerClassSchema } from '#shared/schemas/classes.ts';
import { z } from '#shared/schemas/z.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { withReason } from '#web/lib/error-toast.ts';

/** How often an open request is looked at: often enough that "your teacher is coming" shows in seconds. */
export const HELP_POLL_MS = 5_000;

export const learnerClassQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['learner-class', userId],
    queryFn: ({ signal }) => authedRequest('/api/learner/class', learnerClassSchema, { signal }),
  });

/** The learner's class and open help request; read again every 5 s while a request is open. */
export function useLearnerClass(userId: string) {
  return useQuery({
    ...learnerClassQueryOptions(userId),
    refetchInterval: (query) => (query.state.data?.help ? HELP_POLL_MS : false),
  });
}

export function useAskForHelp(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: withReason('Help not asked') },
    mutationFn: (request: AskHelpRequest) =>
      authedRequest('/api/learner/help', learnerClassSchema, { method: 'POST', body: request }),
    onSuccess: (answer) => queryClient.setQueryData(learnerClassQueryOptions(userId).queryKey, answer),
  });
}

export function useWithdrawHelp(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: withReason('Not changed') },
    mutationFn: () => authedRequest('/api/learner/help', z.null(), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: learnerClassQueryOptions(userId).queryKey }),
  });
}
