import { ENDED_SESSION_PATH, ENDED_SESSIONS_CACHE_NAME, PERSONAL_CACHE_NAME } from '#shared/offline.ts';

/** An ended session's mark is needed only while a read of it may still be on its way. */
const ENDED_SESSION_KEPT_MS = 24 * 60 * 60 * 1000;
const ENDED_AT_HEADER = 'x-ended-at';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Marks the sessions of these access tokens as ended, so that the service worker deletes the
 * personal cache again if a read of theirs is stored after this (scripts/service-worker.ts), and
 * drops marks older than a day.
 */
async function markSessionsEnded(accessTokens: readonly string[]): Promise<void> {
  const ended = await caches.open(ENDED_SESSIONS_CACHE_NAME);
  const now = Date.now();
  for (const request of await ended.keys()) {
    const endedAt = Number((await ended.match(request))?.headers.get(ENDED_AT_HEADER));
    if (!(now - endedAt < ENDED_SESSION_KEPT_MS)) await ended.delete(request);
  }
  for (const token of accessTokens) {
    const mark = new Response(null, { headers: { [ENDED_AT_HEADER]: String(now) } });
    await ended.put(ENDED_SESSION_PATH + (await sha256Hex(token)), mark);
  }
}

/**
 * Deletes what the service worker kept of the member's own reads (progress, bookmarks, account,
 * profile; product D15): on sign-out and when another account signs in. The worker keys those
 * answers by account as well, so a deletion that fails never shows one member another's data.
 * `endedAccessTokens` are the tokens of the session that ended, marked first (see above).
 */
export async function forgetPersonalData(endedAccessTokens: readonly string[] = []): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    if (endedAccessTokens.length > 0) await markSessionsEnded(endedAccessTokens);
  } catch (error) {
    // Without a secure context there is no crypto.subtle (and no service worker to look at marks).
    console.warn('Could not mark the ended session', error);
  }
  try {
    await caches.delete(PERSONAL_CACHE_NAME);
  } catch (error) {
    console.warn('Could not delete the offline copy of personal data', error);
  }
}
