import { PERSONAL_CACHE_NAME } from '#shared/offline.ts';

/**
 * Deletes what the service worker kept of the member's own reads (progress, bookmarks, account,
 * profile; product D15): on sign-out and when another account signs in. The worker keys those
 * answers by account as well, so a deletion that fails never shows one member another's data.
 */
export async function forgetPersonalData(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(PERSONAL_CACHE_NAME);
  } catch (error) {
    console.warn('Could not delete the offline copy of personal data', error);
  }
}
