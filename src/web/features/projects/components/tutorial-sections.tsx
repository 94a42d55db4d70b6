import { memo, useEffect } from 'react';
import type { Project } from '#shared/content/projects.ts';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import type { TutorialView } from '../lib/tutorial-view.ts';
import { type LoadSimulator, SimulatorSection } from './simulator-section.tsx';
import { SketchCode } from './sketch-code.tsx';
import { TutorialSteps } from './tutorial-steps.tsx';
import { UploadSection } from './upload-section.tsx';
import { WiringSection } from './wiring-section.tsx';

export interface TutorialSectionsProps {
  project: Project;
  view: TutorialView;
  assets: TutorialAssetsState;
  doneSteps: ReadonlySet<number>;
  /** Undefined while the member's ticks are not known yet. */
  onToggleStep: ((index: number, done: boolean) => void) | undefined;
  /** Called once the sections show the assets (or their error): the page can scroll to a step then. */
  onShown: () => void;
  /** The simulator, loaded when the learner asks for it; without it the page offers none. */
  loadSimulator?: LoadSimulator | undefined;
}

/**
 * Wiring, Code and Steps: below the first screen and drawn from the tutorial's own data, so they
 * come as a chunk with that data instead of with the page (tutorial-page.tsx). Nothing in here
 * subscribes to a store: the page renders it in a transition and gives it everything as props.
 */
function TutorialSections({
  project,
  view,
  assets,
  doneSteps,
  onToggleStep,
  onShown,
  loadSimulator,
}: TutorialSectionsProps) {
  const settled = assets.data !== undefined || assets.isError;
  useEffect(() => {
    if (settled) onShown();
  }, [settled, onShown]);
  return (
    <>
      <WiringSection view={view} assets={assets} />
      {loadSimulator ? <SimulatorSection project={project} assets={assets} load={loadSimulator} /> : null}
      <SketchCode project={project} assets={assets} />
      <TutorialSteps project={project} view={view} done={doneSteps} onToggle={onToggleStep} />
      <UploadSection project={project} />
    </>
  );
}

export default memo(TutorialSections);
