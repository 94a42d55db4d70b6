import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { findProjectBySlug } from '#shared/content/projects.ts';
import { RequireAuthWithPreview } from '#web/components/require-auth.tsx';
import { startLoadingTutorial, usePrefetchTutorial } from '#web/features/projects/api/tutorial-content.ts';
import type { LoadEditor } from '#web/features/projects/components/edit-section.tsx';
import type { LoadSimulator } from '#web/features/projects/components/simulator-section.tsx';
import { FIRST_SCREEN_END_ID, TutorialScreen } from '#web/features/projects/components/tutorial-page.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { NOT_FOUND, pageMeta, SITE_NAME } from '#web/lib/site.ts';

/** The simulator (its own feature), loaded only when a learner presses "Run in the simulator". */
const loadSimulator: LoadSimulator = () =>
  import('#web/features/simulator/components/simulator-panel.tsx').then((module) => module.default);

/** The editor with the simulator (app/edit-and-run.tsx), loaded only when a learner presses "Edit the code". */
const loadEditor: LoadEditor = () => import('../edit-and-run.tsx').then((module) => module.default);

// In the browser, the steps' chunks are asked for while this module's page hydrates (/projects/<slug>).
if (typeof window !== 'undefined') startLoadingTutorial(window.location.pathname.split('/')[2] ?? '');

/** An unknown slug gets the app's 404 page, loaded only then. */
const NotFoundRoute = lazy(() => import('./not-found.tsx'));

export function meta({ params }: { params: { slug?: string } }) {
  const project = findProjectBySlug(params.slug ?? '');
  if (!project) return pageMeta(NOT_FOUND.title, NOT_FOUND.description);
  return pageMeta(project.title, `${project.title}: a step-by-step ${SITE_NAME} build. ${project.description}`);
}

/**
 * The browser paints the tutorial's first screen whole: not before the end of its header (title to
 * "Run it") is parsed. On a slow network the HTML arrives in pieces, and a paint between two of them showed the
 * progress row without "Run it", which then pushed its text onto a second line (a layout jump).
 * Chromium only (`rel=expect`, 124+); others paint as the bytes come, as before.
 */
export function links() {
  return [{ rel: 'expect', href: `#${FIRST_SCREEN_END_ID}`, blocking: 'render' }];
}

function PrefetchTutorial({ slug }: { slug: string }) {
  usePrefetchTutorial(slug);
  return null;
}

export default function TutorialRoute() {
  const { slug = '' } = useParams();
  const project = findProjectBySlug(slug);
  if (!project) {
    return (
      <Suspense fallback={null}>
        <NotFoundRoute />
      </Suspense>
    );
  }

  return (
    <QueryProvider>
      <PrefetchTutorial slug={slug} />
      <RequireAuthWithPreview>
        {(userId) => (
          <TutorialScreen
            key={slug}
            project={project}
            userId={userId}
            loadSimulator={loadSimulator}
            loadEditor={loadEditor}
          />
        )}
      </RequireAuthWithPreview>
    </QueryProvider>
  );
}
