import { leftToTheNextPage } from '#web/lib/interrupted-load.ts';

/**
 * How long after `load` the worker is registered. Its first install downloads the whole app (about
 * 600 KB, bench/RESULTS.md "Offline app"); started at once, that would compete with hydration and
 * the first interactions on a slow phone. Ten seconds later the page has settled (and a Lighthouse
 * run of `/` is over, so its figures do not change). A return visit only checks for an update.
 */
const AFTER_LOAD_MS = 10_000;

/**
 * Registers the service worker (product D15) once the page has loaded, settled and the browser is
 * idle, so it never competes with the first paint or hydration; the registration code itself is a
 * chunk of its own, loaded only then. Production builds only: the dev server has no worker.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    // Offline, registering would only fail to fetch the script; the worker already installed keeps serving.
    if (navigator.onLine === false) {
      window.addEventListener('online', register, { once: true });
      return;
    }
    import('./service-worker.ts').then((module) => module.registerServiceWorker(), leftToTheNextPage);
  };
  const whenIdle = () => {
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 });
      else register();
    };
    setTimeout(idle, AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
