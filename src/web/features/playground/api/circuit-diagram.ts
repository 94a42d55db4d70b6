import { circuitDiagrams } from 'virtual:circuit-diagrams';
import { queryOptions } from '@tanstack/react-query';

/** A circuit's wiring diagram: a chunk of its own, apart from the tutorial pages' (vite-plugin.ts). */
export const circuitDiagramQueryOptions = (circuit: string | undefined) =>
  queryOptions({
    queryKey: ['circuit-diagram', circuit],
    queryFn: () => {
      const load = circuit === undefined ? undefined : circuitDiagrams[circuit];
      if (!load) throw new Error(`No diagram of the circuit ${circuit}`);
      return load();
    },
    // Built with the site: it never changes while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    enabled: circuit !== undefined,
  });
