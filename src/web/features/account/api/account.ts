import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { accountSchema } from '#shared/schemas/account.ts';
import { z } from '#shared/schemas/z.ts';
import { reasonOf } from '#web/lib/api-client.ts';
import { authedRequest, signOutEverywhere } from '#web/lib/auth/session.ts';
import { downloadFromApi } from '#web/lib/download.ts';
import { withReason } from '#web/lib/error-toast.ts';

/** The signed-in member's own account, with their role as the database holds it now (product §7). */
export const accountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId],
    queryFn: ({ signal }) => authedRequest('/api/account', accountSchema, { signal }),
  });

export function useAccount(userId: string | null) {
  return useQuery({ ...accountQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** 204; the server signs out the account's other sessions and keeps this one. */
export function changePassword(passwords: { current_password: string; new_password: string }): Promise<null> {
  return authedRequest('/api/account/password', z.null(), { method: 'PUT', body: passwords });
}

/** 204 once the account and everything of it is gone; the session then no longer exists on the server. */
export function deleteAccount(password: string): Promise<null> {
  return authedRequest('/api/account', z.null(), { method: 'DELETE', body: { password } });
}

const FALLBACK_EXPORT_NAME = 'roboforge-data.json';

/**
 * Fetches the data export with the member's token and saves it as the file the server names
 * (`roboforge-data-<date>.json`); answers that name.
 */
export function downloadMyData(): Promise<string> {
  return downloadFromApi('/api/account/export', FALLBACK_EXPORT_NAME);
}

/** Product §8's toasts for the dashboard's account tasks; each mutation names its own. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorToast: withReason('Password not changed') } });
}

export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: signOutEverywhere,
    meta: {
      errorToast: (error) => ({
        title: 'Still signed in',
        description: `Could not sign out everywhere. ${reasonOf(error)}`,
      }),
    },
  });
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData, meta: { errorToast: withReason('Download failed') } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { errorToast: withReason('Account not deleted') } });
}
