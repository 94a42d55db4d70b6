import { CloudOff } from 'lucide-react';
import { useOnline } from '#web/lib/offline/connectivity.ts';

/**
 * "Offline" in the navigation while the browser has no network (product D15). The live region
 * is always there and empty while online, so a screen reader hears it once, when it goes offline.
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <>
      <span role="status" className="sr-only">
        {online
          ? ''
          : 'Offline. Tutorials you have opened and your ticks still work; they sync when you are back online.'}
      </span>
      {online ? null : (
        <span
          aria-hidden="true"
          title="Offline: tutorials you have opened and your ticks still work; they sync when you are back online."
          data-testid="offline-indicator"
          className="label-mono inline-flex h-8 items-center gap-1.5 rounded-full border border-cta/70 bg-surface-2 px-2.5 text-[0.7rem] text-text"
        >
          <CloudOff className="size-4 text-cta" strokeWidth={2.25} />
          <span className="max-sm:sr-only">Offline</span>
        </span>
      )}
    </>
  );
}
