import { tutorialAssets } from 'virtual:tutorial-assets';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect } from 'react';
import { findProjectBySlug } from '#shared/content/projects.ts';
import type { TutorialSectionsProps } from '../components/tutorial-sections.tsx';
import type { TutorialView } from '../lib/tutorial-view.ts';
import { tutorialAssetsQueryOptions } from './tutorial-assets.ts';

/** A tutorial's wiring and per-step data, and the sections that show them. */
export interface TutorialContent {
  readonly view: TutorialView;
  /**
   * Wiring, Code and Steps, loaded with the data they show. Handed over loaded, not as a
   * `React.lazy` component: a lazy one suspends once when first rendered, and the retry after
   * that renders all the sections in one blocking task.
   */
  readonly Sections: ComponentType<TutorialSectionsProps>;
}

const loadSectionsModules = () =>
  Promise.all([
    import('../lib/tutorial-view.ts'),
    import('../components/tutorial-sections.tsx'),
    import('virtual:step-crops'),
  ]);

/**
 * Asks for the steps' chunks (and the tutorial's diagram and sketch) as soon as the page's code
 * runs, before it hydrates: the steps then come about one hydration sooner (on a slow phone, 0.7 s).
 * The query's own imports later find them loaded.
 */
export function startLoadingTutorial(slug: string): void {
  if (!findProjectBySlug(slug)) return;
  void settledTutorialContent(slug);
  tutorialAssets[slug]?.().catch(() => undefined);
}

/**
 * The wiring and per-step data of a tutorial with its sections, chunks of their own loaded only
 * by tutorial pages (the route's JavaScript budget); null for a slug without a tutorial. Worked out
 * once per slug, for the page's query and the prerendered steps alike (the same view, so the
 * memoised sections do not draw again when the one takes over from the other); a load that failed
 * is tried again on the next call.
 */
const loaded = new Map<string, Promise<TutorialContent | null>>();
function loadTutorialContent(slug: string): Promise<TutorialContent | null> {
  const known = loaded.get(slug);
  if (known) return known;
  const promise = (async () => {
    const project = findProjectBySlug(slug);
    if (!project) return null;
    const [{ tutorialViewOf }, sections, { stepCrops }] = await loadSectionsModules();
    const view = tutorialViewOf(slug, project.steps.length, stepCrops[slug]);
    return view && { view, Sections: sections.default };
  })();
  promise.catch(() => loaded.delete(slug));
  loaded.set(slug, promise);
  return promise;
}

type Settled = Promise<TutorialContent | null>;
const settled = new Map<string, Settled>();

/**
 * The content for React's `use()`, which draws the steps in the prerendered page and hydrates them
 * when their chunk has come: null when it could not be loaded (the page's query says so and offers
 * Try again; the next call loads again). Marked fulfilled once resolved, as `use()` reads it, so a
 * page rendered after that does not suspend.
 */
export function settledTutorialContent(slug: string): Settled {
  const known = settled.get(slug);
  if (known) return known;
  const promise: Settled = loadTutorialContent(slug).catch(() => {
    settled.delete(slug);
    return null;
  });
  promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }));
  settled.set(slug, promise);
  return promise;
}

export const tutorialContentQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['tutorial-content', slug],
    queryFn: () => loadTutorialContent(slug),
    // Built with the site: it never changes while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useTutorialContent(slug: string) {
  return useQuery(tutorialContentQueryOptions(slug));
}

/** Starts loading the tutorial's data, diagram and sketch while the session is still being checked. */
export function usePrefetchTutorial(slug: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(tutorialContentQueryOptions(slug));
    void queryClient.prefetchQuery(tutorialAssetsQueryOptions(slug));
  }, [queryClient, slug]);
}
