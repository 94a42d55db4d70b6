import { queryOptions, useQuery } from '@tanstack/react-query';

/** The trainer board's wiring diagram and starter sketches: one chunk, made at build time. */
export const trainerAssetsQueryOptions = () =>
  queryOptions({
    queryKey: ['trainer-board-assets'],
    queryFn: () => import('virtual:trainer-board-assets').then((module) => module.default),
    // Built with the site: they never change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTrainerAssets = () => useQuery(trainerAssetsQueryOptions());
