import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { authSettingsSchema, recoverResponseSchema } from '#shared/schemas/recovery.ts';
import { ApiRequestError, apiRequest, reasonOf } from '#web/lib/api-client.ts';
import type { ErrorToast } from '#web/lib/error-toast.ts';

/** Whether this site mails reset links (`email`) or an administrator hands them out (`admin`). */
export const authSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'settings'],
    queryFn: ({ signal }) => apiRequest('/api/auth/settings', authSettingsSchema, { signal }),
    staleTime: 5 * 60_000,
  });

export function useAuthSettings() {
  return useQuery(authSettingsQueryOptions());
}

/** Asks for a reset link by e-mail; the answer is the same whether or not the address has an account. */
export async function requestResetLink(email: string): Promise<string> {
  const { message } = await apiRequest('/api/auth/recover', recoverResponseSchema, { method: 'POST', body: { email } });
  return message;
}

/** The server mails no links: the panel offers an administrator's link instead of a toast. */
export const isMailUnavailable = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'mail_not_configured';

/** Product §8; none when the panel switches to an administrator's link instead. */
const resetLinkNotSent: ErrorToast = (error) =>
  isMailUnavailable(error) ? null : { title: 'Reset link not sent', description: reasonOf(error) };

export function useRequestResetLink() {
  return useMutation({
    mutationFn: requestResetLink,
    meta: { errorToast: resetLinkNotSent },
  });
}
