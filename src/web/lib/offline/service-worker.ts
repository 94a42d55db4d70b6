import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_PATH } from '#shared/offline.ts';
import { notifyWithAction } from '#web/lib/notify.ts';
import { onBackOnline } from './connectivity.ts';

/** How often an open tab asks whether a new version was deployed (the browser also checks on every visit). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** How long a pressed Reload waits for the new version to take over before it reloads anyway. */
const RELOAD_FALLBACK_MS = 5_000;

const firstControlListeners = new Set<() => void>();

/**
 * Calls `listener` when the service worker takes control of this page for the first time (the
 * first visit): the page's own reads went past it, so a page that wants them kept for offline
 * reads them again. Returns the undo.
 */
export function onFirstServiceWorkerControl(listener: () => void): () => void {
  firstControlListeners.add(listener);
  return () => firstControlListeners.delete(listener);
}

/**
 * Registers the worker and watches for new deployments: when a new version has installed, a
 * toast offers "Reload"; nothing reloads unless the member presses it, so no one loses their
 * place in a tutorial.
 */
export async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox(SERVICE_WORKER_PATH);
  let reloadRequested = false;

  workbox.addEventListener('waiting', () => {
    notifyWithAction('A new version is ready', {
      label: 'Reload',
      onClick: () => {
        reloadRequested = true;
        void navigator.serviceWorker.getRegistration().then((registration) => {
          // The new version may already be in control (it took over while no page of ours was
          // controlled): then a reload is all the press needs. Otherwise it takes over, and the
          // 'controlling' event below reloads; if it has not within a few seconds, the reload the
          // member asked for comes all the same (a CI run under load saw it never come).
          if (!registration?.waiting) return window.location.reload();
          workbox.messageSkipWaiting();
          setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
        });
      },
    });
  });
  workbox.addEventListener('controlling', (event) => {
    // The new version took over because the member pressed Reload (here; another tab's press only tells).
    if (reloadRequested) {
      window.location.reload();
      return;
    }
    if (!event.isUpdate) for (const listener of [...firstControlListeners]) listener();
  });

  try {
    await workbox.register();
  } catch (error) {
    // The site works without it (a browser that blocks workers, a private window): say so quietly.
    console.warn('The offline app could not be set up', error);
    return;
  }
  const checkForUpdate = () => void workbox.update().catch(() => undefined);
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
  onBackOnline(checkForUpdate);
}
