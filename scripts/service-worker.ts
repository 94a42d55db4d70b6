/**
 * The last build step (after `scripts/postbuild.ts`, which rewrites the pages): makes the app
 * installable and usable offline (product D15).
 *
 * - App icons rendered from the robot logo (`public/robot-logo.svg`, the header's logo) at 192 and 512 px,
 *   plus a maskable 512 px one (dark background, logo inside the safe zone), into `icons/`.
 * - The web app manifest (`manifest.webmanifest`), named from SITE_NAME.
 * - The service worker (`sw.js`, Workbox's generateSW): precaches every prerendered page under its
 *   own route, the 404 shell, and every file the pages load (all routes' chunks, the nine
 *   tutorials' diagrams, sketches and the programs built from them, styles, fonts, icons); serves the member's own API reads
 *   network-first with a per-account cached fallback. Precompressed `.br`/`.gz` copies are not
 *   precached: the browser gets those from the server already decoded.
 *
 * It writes `service-worker-report.json` beside the page manifest: the precache list's size,
 * which `npm run bench` reports.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { generateSW, type ManifestEntry } from 'workbox-build';
import { DEFAULT_SITE_NAME } from '../src/shared/constants.ts';
import {
  APP_BACKGROUND_COLOR,
  FALLBACK_SHELL_PATH,
  ICONS_PATH,
  PERSONAL_CACHE_NAME,
  SERVICE_WORKER_PATH,
  WEB_MANIFEST_PATH,
} from '../src/shared/offline.ts';
import { writePrecompressed } from './precompress.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD_DIR = path.join(ROOT, 'build');
const LOGO_FILE = path.join(ROOT, 'public', 'robot-logo.svg');
export const SERVICE_WORKER_REPORT_FILE = 'service-worker-report.json';

export interface AppIcon {
  readonly file: string;
  readonly size: number;
  readonly purpose: 'any' | 'maskable';
}

export const APP_ICONS: readonly AppIcon[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

/** The navigation's robot logo (an image in the header, public/robot-logo.svg), the source of the app icons. */
export function robotLogoSvg(): string {
  return readFileSync(LOGO_FILE, 'utf8').trim();
}

/**
 * An icon: the logo on the dark theme's background. `any` is a rounded tile with the logo large;
 * `maskable` fills the square and keeps the logo inside the central circle (40 % radius) that
 * every launcher's mask leaves visible.
 */
export function iconSvg(logo: string, purpose: AppIcon['purpose']): string {
  const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  const [background, box] =
    purpose === 'maskable'
      ? [`<rect width="512" height="512" fill="${APP_BACKGROUND_COLOR}"/>`, { x: 108, y: 104, size: 296 }]
      : [`<rect width="512" height="512" rx="112" fill="${APP_BACKGROUND_COLOR}"/>`, { x: 64, y: 56, size: 384 }];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">${background}` +
    `<svg x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}" viewBox="0 0 64 64">${inner}</svg></svg>`
  );
}

export function renderPng(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** A short name for the launcher: the site name when it fits under an icon, else its first word. */
export function shortNameOf(siteName: string): string {
  if (siteName.length <= 12) return siteName;
  return (siteName.split(/\s+/)[0] ?? siteName).slice(0, 12);
}

export function webAppManifest(siteName: string) {
  return {
    id: '/',
    name: siteName,
    short_name: shortNameOf(siteName),
    description: `Learn robotics by building: nine robot build tutorials that work at the workbench, offline too.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: APP_BACKGROUND_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    icons: APP_ICONS.map((icon) => ({
      src: `${ICONS_PATH}/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

/**
 * The precache URL of a built file: a prerendered page under the route the server answers it at
 * (`projects/x/index.html` → `/projects/x`), everything else at its own path. Hashed assets need
 * no revision: their name changes with their content.
 */
export function precacheEntry<T extends ManifestEntry>(entry: T): T {
  const file = entry.url;
  if (file === path.basename(FALLBACK_SHELL_PATH)) return { ...entry, url: FALLBACK_SHELL_PATH };
  if (file === 'index.html') return { ...entry, url: '/' };
  if (file.endsWith('/index.html')) return { ...entry, url: `/${file.slice(0, -'/index.html'.length)}` };
  if (file.startsWith('assets/')) return { ...entry, url: `/${file}`, revision: null };
  return { ...entry, url: `/${file}` };
}

/*
 * The member's own reads, answered from the network and, when there is none, from the last
 * answer this account got. Stringified into the worker by Workbox: self-contained, no imports.
 */
const isPersonalRead = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
  sameOrigin &&
  // The app's own reads carry no query; a URL that does may carry a credential, and is never stored.
  url.search === '' &&
  (/^\/api\/(?:progress|bookmarks|account)$/.test(url.pathname) ||
    /^\/api\/profiles\/[0-9a-f-]{36}$/.test(url.pathname));

/**
 * Keys each cached answer by the account whose token asked for it (the `sub` of the Bearer token;
 * the server checked the token when it answered), so one account never gets another's data.
 */
const perAccountKey = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    let account = 'anonymous';
    const token = (request.headers.get('authorization') || '').split(' ')[1] || '';
    try {
      const payload = JSON.parse(atob((token.split('.')[1] || '').replace(/-/g, '+').replace(/_/g, '/')));
      if (typeof payload.sub === 'string') account = payload.sub;
    } catch {}
    const url = new URL(request.url);
    url.searchParams.set('account', account);
    return url.href;
  },
};

/**
 * A personal read that was on its way when its session ended (the member signed out while the
 * dashboard loaded) would be stored after the app deleted the cache. After each store the worker
 * looks for the read's token among the ended sessions (`src/web/lib/offline/personal-data.ts`
 * writes them before it deletes the cache) and, when it is there, deletes the cache again: a store
 * either comes before the app's deletion or sees the ended session after it. Stringified into the
 * worker by Workbox, like the two above, so the names are written out: ENDED_SESSION_PATH and
 * ENDED_SESSIONS_CACHE_NAME (src/shared/offline.ts; a test holds them equal).
 */
export const forgetEndedSessions = {
  cacheDidUpdate: async ({ cacheName, event }: { cacheName: string; event?: { request?: Request } }) => {
    const token = (event?.request?.headers.get('authorization') || '').split(' ')[1] || '';
    if (!token) return;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
    const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
    const ended = await caches.match('/ended-session/' + hex, { cacheName: 'roboforge-ended-sessions' });
    if (ended) await caches.delete(cacheName);
  },
};

export interface ServiceWorkerSummary {
  readonly precacheFiles: number;
  /** The files as stored in the browser's cache. */
  readonly precacheBytes: number;
  /** What the first install downloads: the server's brotli copy where there is one. */
  readonly precacheTransferBytes: number;
  readonly warnings: readonly string[];
}

function transferSize(file: string): number {
  try {
    return statSync(`${file}.br`).size;
  } catch {
    return statSync(file).size;
  }
}

export async function buildServiceWorker(buildDir = BUILD_DIR, siteName = DEFAULT_SITE_NAME) {
  const clientDir = path.join(buildDir, 'client');

  const iconsDir = path.join(clientDir, ICONS_PATH.slice(1));
  mkdirSync(iconsDir, { recursive: true });
  const logo = robotLogoSvg();
  for (const icon of APP_ICONS) {
    writeFileSync(path.join(iconsDir, icon.file), renderPng(iconSvg(logo, icon.purpose), icon.size));
  }
  const manifestFile = path.join(clientDir, WEB_MANIFEST_PATH.slice(1));
  writeFileSync(manifestFile, `${JSON.stringify(webAppManifest(siteName), null, 2)}\n`);

  const swFile = path.join(clientDir, SERVICE_WORKER_PATH.slice(1));
  // Workbox's own total leaves files out; this counts every precached file.
  let precacheBytes = 0;
  let precacheTransferBytes = 0;
  const { count, warnings } = await generateSW({
    swDest: swFile,
    globDirectory: clientDir,
    globPatterns: ['**/*.{html,js,css,woff2,svg,png,ino,hex,webmanifest}'],
    globIgnores: [SERVICE_WORKER_PATH.slice(1), '**/*.br', '**/*.gz'],
    manifestTransforms: [
      (entries) => {
        precacheBytes = entries.reduce((sum, entry) => sum + entry.size, 0);
        precacheTransferBytes = entries.reduce((sum, entry) => sum + transferSize(path.join(clientDir, entry.url)), 0);
        return { manifest: entries.map(precacheEntry), warnings: [] };
      },
    ],
    // Query strings are the app's own state (`/projects?q=solar`): the page is the same.
    ignoreURLParametersMatching: [/.*/],
    directoryIndex: null,
    // Any other path: the app's 404 page (its router reads the path), never for the API.
    navigateFallback: FALLBACK_SHELL_PATH,
    navigateFallbackDenylist: [/^\/api(?:\/|$)/],
    runtimeCaching: [
      {
        urlPattern: isPersonalRead,
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: PERSONAL_CACHE_NAME,
          networkTimeoutSeconds: 8,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 40 },
          plugins: [perAccountKey, forgetEndedSessions],
        },
      },
    ],
    // A new version waits until the member presses Reload on the app's toast.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
  });

  for (const file of [swFile, manifestFile]) writePrecompressed(file);
  const summary: ServiceWorkerSummary = { precacheFiles: count, precacheBytes, precacheTransferBytes, warnings };
  writeFileSync(path.join(buildDir, SERVICE_WORKER_REPORT_FILE), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

if (import.meta.main) {
  const { parseEnv } = await import('../src/server/env.ts');
  const env = parseEnv(process.env);
  if (!env.ok) throw new Error(`Invalid configuration: ${env.problems.join('; ')}`);
  const summary = await buildServiceWorker(BUILD_DIR, env.config.siteName);
  for (const warning of summary.warnings) console.warn(`service worker: ${warning}`);
  console.warn(
    `service worker: ${summary.precacheFiles} files precached (${summary.precacheBytes} B, ${summary.precacheTransferBytes} B brotli); manifest and icons written`,
  );
}
