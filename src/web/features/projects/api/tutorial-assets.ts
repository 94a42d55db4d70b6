import { tutorialAssets } from 'virtual:tutorial-assets';
import { queryOptions, useQuery } from '@tanstack/react-query';

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

export function useTutorialAssets(slug: string) {
  return useQuery(tutorialAssetsQueryOptions(slug));
}
