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
          className="label-mono hidden h-8 items-center gap-1.5 rounded-full border border-cta/70 bg-surface-2 px-2.5 text-[0.7rem] text-text sm:inline-flex"
        >
          <CloudOff className="size-4 text-cta" strokeWidth={2.25} />
          Offline
        </span>
      )}
    </>
  );
}

/**
 * Below 640 px the bar has no room for the word: the same sign sits on the robot logo's corner
 * (inside the logo link, which must be `relative`). The words are in OfflineIndicator's live region.
 */
export function OfflineLogoBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="offline-logo-badge"
      className="absolute -right-1.5 -bottom-1 grid size-5 place-items-center rounded-full border border-cta bg-bg text-cta sm:hidden"
    >
      <CloudOff className="size-3" strokeWidth={2.5} />
    </span>
  );
}
