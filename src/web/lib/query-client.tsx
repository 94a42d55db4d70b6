import { MutationCache, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { type ErrorToast, notifyFailure } from './error-toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The toast the mutation's failure raises (product §8); the form handles only what it shows itself. */
      readonly errorToast?: ErrorToast;
    };
  }
}

/**
 * One cache for the whole tab, provided by the routes that fetch data (and the signed-in
 * navigation) rather than by the root, so the home page does not load TanStack Query at all.
 */
export const queryClient = new QueryClient({
  // Every failed mutation's toast comes from here, worded by the mutation's `meta.errorToast`. No
  // `onMutate` here: it would put an await before each mutation's own, which shows a tick in its click.
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => notifyFailure(error, mutation.meta?.errorToast),
  }),
  defaultOptions: {
    // 'offlineFirst': offline, a query still runs once, since the service worker may answer it
    // (product D15); only its retries wait for the network.
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
  },
});

let tabChannel: BroadcastChannel | undefined;

/**
 * Keeps this browser's tabs of the site in step (decision 021): what one tab changes of the member's
 * own (profile, bookmarks, ticks, sketches), the others read again. One channel per tab, so a tab
 * never hears its own messages; made when the first page with data shows (never in prerendering).
 */
function shareChangesBetweenTabs(): void {
  if (tabChannel || typeof BroadcastChannel === 'undefined') return;
  tabChannel = new BroadcastChannel('roboforge-changes');
  // Query keys from another tab of this site (a channel is never shared with another origin).
  tabChannel.onmessage = ({ data }: MessageEvent<QueryKey[]>) => {
    for (const queryKey of data) void queryClient.invalidateQueries({ queryKey });
  };
}

/** Tells this browser's other tabs that what these queries (keys from the queryOptions factories) read has changed here. */
export function announceChange(...queryKeys: QueryKey[]): void {
  tabChannel?.postMessage(queryKeys);
}

export function QueryProvider({ children }: { children: ReactNode }) {
  useEffect(shareChangesBetweenTabs, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
