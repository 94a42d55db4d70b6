import { CloudOff } from 'lucide-react';
import { useOnline } from '#web/lib/offline/connectivity.ts';

/**
 * "Offline" in the navigation while the browser has no network (product D15), in words at every
 * width: below 640 px it takes the place of the product's name (site.css). The live region
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
          className="offline-sign label-mono inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border border-cta/70 bg-surface-2 px-2.5 text-[0.7rem] text-text"
        >
          <CloudOff className="size-4 text-cta" strokeWidth={2.25} />
          Offline
        </span>
      )}
    </>
  );
}
