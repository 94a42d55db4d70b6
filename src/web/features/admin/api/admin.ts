import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminMember,
  type AssignableRole,
  adminMemberPageSchema,
  adminMemberSchema,
  auditPageSchema,
  type ModerationAction,
  type ResetLink,
  resetLinkSchema,
} from '#shared/schemas/admin.ts';
import { z } from '#shared/schemas/z.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { authedRequest } from '#web/lib/auth/session.ts';
import { withReason } from '#web/lib/error-toast.ts';

/** Product §8: any administrator action the server refuses. */
const actionFailed = withReason('Action failed');

/** Every administration query starts with this, so one change refreshes the members and the audit log. */
const ADMIN_QUERY_ROOT = ['admin'] as const;

export interface MemberSearch {
  /** E-mail or username, or part of one; empty for everyone. */
  readonly q: string;
  readonly page: number;
}

export const adminMembersQueryOptions = ({ q, page }: MemberSearch) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_ROOT, 'members', { q, page }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return authedRequest(`/api/admin/members?${params}`, adminMemberPageSchema, { signal });
    },
    // The page being left stays on screen (dimmed) until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useAdminMembers(search: MemberSearch) {
  return useQuery(adminMembersQueryOptions(search));
}

export const auditLogQueryOptions = ({ page }: { page: number }) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_ROOT, 'audit', { page }],
    queryFn: ({ signal }) => authedRequest(`/api/admin/audit?page=${page}`, auditPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number) {
  return useQuery(auditLogQueryOptions({ page }));
}

/** What an administrator does to a member, with the reason the audit log keeps. */
export type MemberChange =
  | { readonly kind: 'moderation'; readonly action: ModerationAction; readonly reason: string }
  | { readonly kind: 'suspend'; readonly reason: string }
  | { readonly kind: 'restore'; readonly reason?: string }
  | { readonly kind: 'role'; readonly role: AssignableRole; readonly reason: string }
  | { readonly kind: 'delete'; readonly reason: string };

const memberPath = (id: string) => `/api/admin/members/${encodeURIComponent(id)}`;

/** Answers the member after the change, or null once deleted. */
function sendChange(id: string, change: MemberChange): Promise<AdminMember | null> {
  switch (change.kind) {
    case 'moderation':
      return authedRequest(`${memberPath(id)}/moderation`, adminMemberSchema, {
        method: 'POST',
        body: { action: change.action, reason: change.reason },
      });
    case 'suspend':
      return authedRequest(`${memberPath(id)}/suspension`, adminMemberSchema, {
        method: 'PUT',
        body: { reason: change.reason },
      });
    case 'restore':
      return authedRequest(`${memberPath(id)}/suspension`, adminMemberSchema, {
        method: 'DELETE',
        body: change.reason ? { reason: change.reason } : undefined,
      });
    case 'role':
      return authedRequest(`${memberPath(id)}/role`, adminMemberSchema, {
        method: 'PUT',
        body: { role: change.role, reason: change.reason },
      });
    case 'delete':
      return authedRequest(memberPath(id), z.null(), { method: 'DELETE', body: { reason: change.reason } });
  }
}

export function useChangeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: actionFailed },
    mutationFn: ({ id, change }: { id: string; change: MemberChange }) => sendChange(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT }),
  });
}

/** A one-time reset link for the member, shown once (the server keeps only its hash). */
export function useCreateResetLink() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: actionFailed },
    mutationFn: ({ id, reason }: { id: string; reason?: string }): Promise<ResetLink> =>
      authedRequest(`${memberPath(id)}/reset-links`, resetLinkSchema, {
        method: 'POST',
        body: reason ? { reason } : undefined,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_ROOT, 'audit'] }),
  });
}

/** The server refused because the caller is no administrator (any more): 403 `forbidden`. */
export const isForbidden = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403 && error.code === 'forbidden';
