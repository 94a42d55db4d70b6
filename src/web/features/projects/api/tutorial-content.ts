import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { findProjectBySlug } from '#shared/content/projects.ts';
import type { TutorialView } from '../lib/tutorial-view.ts';
import { tutorialAssetsQueryOptions } from './tutorial-assets.ts';

/**
 * The wiring and per-step data of a tutorial, a chunk of its own loaded only by tutorial pages
 * (the route's JavaScript budget); null for a slug without a tutorial.
 */
async function loadTutorialView(slug: string): Promise<TutorialView | null> {
  const project = findProjectBySlug(slug);
  if (!project) return null;
  // The sections that show the data come with it (tutorial-page.tsx renders them lazily).
  const [{ tutorialViewOf }] = await Promise.all([
    import('../lib/tutorial-view.ts'),
    import('../components/tutorial-sections.tsx'),
  ]);
  return tutorialViewOf(slug, project.steps.length);
}

export const tutorialViewQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['tutorial-view', slug],
    queryFn: () => loadTutorialView(slug),
    // Built with the site: it never changes while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useTutorialView(slug: string) {
  return useQuery(tutorialViewQueryOptions(slug));
}

/** Starts loading the tutorial's data, diagram and sketch while the session is still being checked. */
export function usePrefetchTutorial(slug: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(tutorialViewQueryOptions(slug));
    void queryClient.prefetchQuery(tutorialAssetsQueryOptions(slug));
  }, [queryClient, slug]);
}
