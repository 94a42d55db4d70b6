import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { findProjectBySlug } from '#shared/content/projects.ts';
import { numberedSteps } from '#shared/content/steps.ts';
import { AskForHelp } from '#web/features/learner-help/components/ask-for-help.tsx';
import { useProgress } from '#web/features/projects/api/progress.ts';

/**
 * A learner's "Ask for help" on a tutorial page (product D16), opening at the first step they have
 * not done, and on a sketch of their own in the playground (about that sketch). The navigation's signed-in controls load it for a learner's session only, so the
 * tutorial page itself carries none of its code; the server answers the card's calls to learners only.
 */
export default function LearnerHelp({ userId }: { userId: string }) {
  const { pathname } = useLocation();
  // Drawn after the page has hydrated: a portal is no part of the prerendered HTML React compares.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const project = findProjectBySlug(/^\/projects\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '');
  // A sketch of their own in the playground (a blocks program, say): they ask about the sketch (issue 33).
  const sketchId = /^\/playground\/([0-9a-f-]{36})\/?$/.exec(pathname)?.[1];
  const progress = useProgress(project ? userId : null);
  if (!mounted) return null;
  if (sketchId) {
    return createPortal(<AskForHelp key={sketchId} userId={userId} place={{ sketchId }} />, document.body);
  }
  if (!project) return null;
  const done = new Set(progress.data?.steps.filter((tick) => tick.project_id === project.id).map((tick) => tick.index));
  const steps = numberedSteps(project);
  const firstOpenStep = (steps.find((step) => !done.has(step.index)) ?? steps.at(-1))?.index ?? 0;
  // Under <body>: the navigation that loads it is no place for a card fixed to the page's corner.
  return createPortal(
    <AskForHelp key={project.id} userId={userId} place={{ projectId: project.id, firstOpenStep }} />,
    document.body,
  );
}
