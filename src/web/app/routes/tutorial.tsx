import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { findProjectBySlug } from '#shared/content/projects.ts';
import { useAccount } from '#web/features/account/api/account.ts';
import { useProgress } from '#web/features/projects/api/progress.ts';
import { usePrefetchTutorial } from '#web/features/projects/api/tutorial-content.ts';
import { TutorialScreen } from '#web/features/projects/components/tutorial-page.tsx';
import { RequireAuthWithPreview } from '#web/lib/auth/require-auth.tsx';
import { QueryProvider } from '#web/lib/query-client.tsx';
import { NOT_FOUND, pageMeta, SITE_NAME } from '#web/lib/site.ts';

/** A learner's "I'm stuck" card (product D16), loaded only for learners. */
const AskForHelp = lazy(() =>
  import('#web/features/learner-help/components/ask-for-help.tsx').then((module) => ({ default: module.AskForHelp })),
);

function LearnerHelp({ userId, projectId }: { userId: string; projectId: number }) {
  const isLearner = useAccount(userId).data?.role === 'learner';
  const progress = useProgress(userId);
  if (!isLearner) return null;
  const done = new Set(progress.data?.steps.filter((tick) => tick.project_id === projectId).map((tick) => tick.index));
  let firstOpenStep = 0;
  while (done.has(firstOpenStep)) firstOpenStep++;
  return (
    <Suspense fallback={null}>
      <AskForHelp userId={userId} projectId={projectId} firstOpenStep={firstOpenStep} />
    </Suspense>
  );
}

/** An unknown slug gets the app's 404 page, loaded only then. */
const NotFoundRoute = lazy(() => import('./not-found.tsx'));

export function meta({ params }: { params: { slug?: string } }) {
  const project = findProjectBySlug(params.slug ?? '');
  if (!project) return pageMeta(NOT_FOUND.title, NOT_FOUND.description);
  return pageMeta(project.title, `${project.title}: a step-by-step ${SITE_NAME} build. ${project.description}`);
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
          <>
            <TutorialScreen key={slug} project={project} userId={userId} />
            {userId ? <LearnerHelp userId={userId} projectId={project.id} /> : null}
          </>
        )}
      </RequireAuthWithPreview>
    </QueryProvider>
  );
}
