import type { Project } from '#shared/content/projects.ts';
import type { TutorialView } from '../lib/tutorial-view.ts';
import { SketchCode } from './sketch-code.tsx';
import { TutorialSteps } from './tutorial-steps.tsx';
import { WiringSection } from './wiring-section.tsx';

export interface TutorialSectionsProps {
  project: Project;
  view: TutorialView;
  doneSteps: ReadonlySet<number>;
  /** Undefined while the member's ticks are not known yet. */
  onToggleStep: ((index: number, done: boolean) => void) | undefined;
}

/**
 * Wiring, Code and Steps: below the first screen and drawn from the tutorial's own data, so they
 * come as a chunk with that data instead of with the page (tutorial-page.tsx).
 */
export default function TutorialSections({ project, view, doneSteps, onToggleStep }: TutorialSectionsProps) {
  return (
    <>
      <WiringSection view={view} />
      <SketchCode project={project} />
      <TutorialSteps project={project} view={view} done={doneSteps} onToggle={onToggleStep} />
    </>
  );
}
