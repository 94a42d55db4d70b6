import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { Session } from '#shared/schemas/auth.ts';
import { type ApiRequest, ApiRequestError, apiRequest } from '#web/lib/api-client.ts';
import { forgetPersonalData } from '#web/lib/offline/personal-data.ts';
import { setSessionHint } from './session-hint.ts';
import { type AuthEvent, SessionManager } from './session-manager.ts';

type SessionState =
  | { readonly status: 'loading'; readonly session: null }
  | { readonly status: 'signed-in'; readonly session: Session }
  | { readonly status: 'signed-out'; readonly session: null };

const LOADING: SessionState = { status: 'loading', session: null };

let manager: SessionManager | null = null;
let state: SessionState = LOADING;
/** Set while the visitor signs out on purpose, so protected pages do not call it a lost session. */
let signingOutOnPurpose = false;
const subscribers = new Set<() => void>();

/** The account whose data this tab has shown, to notice another one signing in. */
let shownUserId: string | null = null;

/**
 * The offline copy of a member's reads goes when they sign out (here or in another tab), when the
 * page finds nobody signed in, and when another account signs in (product D15).
 */
function forgetPersonalDataWhenAccountChanges(event: AuthEvent, session: Session | null): void {
  const userId = session?.user.id ?? null;
  const otherAccount = userId !== null && shownUserId !== null && userId !== shownUserId;
  if (userId === null ? event === 'SIGNED_OUT' || event === 'INITIAL_SESSION' : otherAccount) {
    void forgetPersonalData();
  }
  shownUserId = userId;
}

/** The browser's one session manager, started on first use (never during prerendering). */
export function sessionManager(): SessionManager {
  if (!manager) {
    manager = new SessionManager();
    manager.onAuthStateChange((event, session) => {
      forgetPersonalDataWhenAccountChanges(event, session);
      state = session ? { status: 'signed-in', session } : { status: 'signed-out', session: null };
      setSessionHint(session !== null);
      for (const notify of subscribers) notify();
    });
    manager.start();
  }
  return manager;
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  sessionManager();
  return () => subscribers.delete(notify);
}

/** The session as React sees it: 'loading' until the stored session has been read. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}

export function isSigningOutOnPurpose(): boolean {
  return signingOutOnPurpose;
}

export async function signOut(): Promise<void> {
  signingOutOnPurpose = true;
  try {
    await sessionManager().signOut();
  } finally {
    // Let subscribers see the flag during the SIGNED_OUT render, then clear it.
    setTimeout(() => {
      signingOutOnPurpose = false;
    }, 0);
  }
}

/**
 * An API call as the signed-in member. An access token that expired while the tab slept is
 * refreshed once and the call retried; if that fails the session is gone (SIGNED_OUT).
 */
export async function authedRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  request: Omit<ApiRequest, 'accessToken'> = {},
): Promise<z.infer<T>> {
  const auth = sessionManager();
  try {
    return await apiRequest(path, schema, { ...request, accessToken: auth.getAccessToken() });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 401 || !auth.getSession()) throw error;
    const refreshed = await auth.refreshSession();
    if (!refreshed) throw error;
    return apiRequest(path, schema, { ...request, accessToken: refreshed.access_token });
  }
}
