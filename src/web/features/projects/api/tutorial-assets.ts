import { type TutorialAssets, tutorialAssets } from 'virtual:tutorial-assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/** A tutorial's wiring diagram and highlighted sketch: a chunk of its own, made at build time. */
export const tutorialAssetsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['tutorial-assets', slug],
    queryFn: () => {
      const load = tutorialAssets[slug];
      if (!load) throw new Error(`No tutorial assets for ${slug}`);
      return load();
    },
    // Built with the site: they never change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * What the sections that show the assets need of them, as plain props: those sections render in
 * a transition, and a component there that subscribed to the query itself would make React redo
 * the whole transition in one blocking render whenever a query settled meanwhile.
 */
export interface TutorialAssetsState {
  /** Undefined while loading, or when loading failed. */
  readonly data: TutorialAssets | undefined;
  readonly isError: boolean;
  readonly retry: () => void;
}

/** The tutorial's assets; the result keeps its identity until the query's data or error changes. */
export function useTutorialAssets(slug: string): TutorialAssetsState {
  const { data, isError, refetch } = useQuery(tutorialAssetsQueryOptions(slug));
  return useMemo(() => ({ data, isError, retry: () => void refetch() }), [data, isError, refetch]);
}
