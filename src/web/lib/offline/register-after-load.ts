/**
 * Registers the service worker (product D15) once the page has loaded and the browser is idle,
 * so it never competes with the first paint or hydration; the registration code itself is a
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
    void import('./service-worker.ts').then((module) => module.registerServiceWorker());
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 });
    else setTimeout(register, 1_000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
