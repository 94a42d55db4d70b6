import { queryOptions, useQuery } from '@tanstack/react-query';
import { authSettingsSchema, recoverResponseSchema } from '#shared/schemas/recovery.ts';
import { apiRequest } from '#web/lib/api-client.ts';

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
