import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { Session } from '#shared/schemas/auth.ts';
import { type ApiRequest, ApiRequestError, apiRequest } from '#web/lib/api-client.ts';
import { forgetPersonalData } from '#web/lib/offline/personal-data.ts';
import { setSessionHint } from './session-hint.ts';
import { type AuthEvent, type SessionEndReason, SessionManager } from './session-manager.ts';

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
/** The access tokens that account's reads went out with (a few: one more per refresh). */
let shownAccessTokens: string[] = [];
const TOKENS_REMEMBERED = 8;
/** The last deletion of the offline copy, which a sign-out on purpose waits for. */
let forgetting: Promise<void> = Promise.resolve();

/**
 * The offline copy of a member's reads goes when they sign out (here or in another tab), when the
 * page finds nobody signed in, and when another account signs in (product D15).
 */
function forgetPersonalDataWhenAccountChanges(event: AuthEvent, session: Session | null): void {
  const userId = session?.user.id ?? null;
  const otherAccount = userId !== null && shownUserId !== null && userId !== shownUserId;
  if (userId === null ? event === 'SIGNED_OUT' || event === 'INITIAL_SESSION' : otherAccount) {
    forgetting = forgetPersonalData(shownAccessTokens);
    shownAccessTokens = [];
  }
  shownUserId = userId;
  if (session && !shownAccessTokens.includes(session.access_token)) {
    shownAccessTokens = [...shownAccessTokens, session.access_token].slice(-TOKENS_REMEMBERED);
  }
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

/** Ends the session in one of the ways below, without protected pages calling it a lost session. */
async function endOnPurpose(end: () => Promise<void> | void): Promise<void> {
  signingOutOnPurpose = true;
  try {
    await end();
    // Nothing of the account is left on the device once signing out is done.
    await forgetting;
  } finally {
    // Let subscribers see the flag during the SIGNED_OUT render, then clear it.
    setTimeout(() => {
      signingOutOnPurpose = false;
    }, 0);
  }
}

export function signOut(): Promise<void> {
  return endOnPurpose(() => sessionManager().signOut());
}

/** Every session of the account, this one last; rejects (still signed in) when the server cannot be asked. */
export function signOutEverywhere(): Promise<void> {
  return endOnPurpose(() => sessionManager().signOutEverywhere());
}

/** After the account was deleted: the server has ended the session already. */
export function forgetDeletedAccount(): Promise<void> {
  return endOnPurpose(() => sessionManager().forgetSession());
}

/** Why the last session ended when the server refused it (e.g. `user_suspended`); null otherwise. */
export function sessionEndReason(): SessionEndReason | null {
  return manager?.getEndReason() ?? null;
}

/**
 * Runs `call` with the signed-in member's access token. A token that expired while the tab slept
 * is refreshed once and the call retried; if that fails the session is gone (SIGNED_OUT).
 */
export async function withAccessToken<T>(call: (accessToken: string | null) => Promise<T>): Promise<T> {
  const auth = sessionManager();
  try {
    return await call(auth.getAccessToken());
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 401 || !auth.getSession()) throw error;
    const refreshed = await auth.refreshSession();
    if (!refreshed) throw error;
    return call(refreshed.access_token);
  }
}

/** An API call as the signed-in member (see withAccessToken). */
export function authedRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  request: Omit<ApiRequest, 'accessToken'> = {},
): Promise<z.infer<T>> {
  return withAccessToken((accessToken) => apiRequest(path, schema, { ...request, accessToken }));
}
