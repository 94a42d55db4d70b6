import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * One cache for the whole tab, provided by the routes that fetch data (and the signed-in
 * navigation) rather than by the root, so the home page does not load TanStack Query at all.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // 'offlineFirst': offline, a query still runs once, since the service worker may answer it
    // (product D15); only its retries wait for the network.
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
