/**
 * The offline app (product D15): what the build step (`scripts/service-worker.ts`), the server and
 * the web app agree on.
 */

/** The service worker's script, at the root so its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The web app manifest, linked from every page. */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/** Where the build writes the app icons (PNG, rendered from the robot logo). */
export const ICONS_PATH = '/icons';

/**
 * The 404 shell (`__spa-fallback.html`) as a page of its own, answered 200: the service worker
 * precaches it and shows it for unknown paths while offline.
 */
export const FALLBACK_SHELL_PATH = '/__spa-fallback.html';

/**
 * The Cache Storage cache of the member's own API reads (progress, bookmarks, account, profile),
 * kept per account by the service worker and deleted by the app on sign-out and account change.
 */
export const PERSONAL_CACHE_NAME = 'roboforge-personal';

/**
 * Sessions that ended in this browser, one empty entry per access token at `ENDED_SESSION_PATH` +
 * the token's SHA-256 (hex; never the token itself). A personal read still on its way when the
 * member signed out is stored after the app deleted the personal cache; the service worker looks
 * here after each store and deletes the cache again when the read's token has ended.
 */
export const ENDED_SESSIONS_CACHE_NAME = 'roboforge-ended-sessions';
export const ENDED_SESSION_PATH = '/ended-session/';

/** The dark theme's background (`--bg` in site.css): the installed app's theme and splash colour. */
export const APP_BACKGROUND_COLOR = '#070b16';
