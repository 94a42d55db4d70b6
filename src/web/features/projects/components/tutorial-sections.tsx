import { memo, type RefObject, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { Project } from '#shared/content/projects.ts';
import { videoAddress, videoQrPath } from '#shared/content/video.ts';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import { parseLineRangeHash } from '../lib/code-anchor.ts';
import type { TutorialView } from '../lib/tutorial-view.ts';
import { EditSection, type LoadEditor } from './edit-section.tsx';
import { revealOnPage } from './jump-link.tsx';
import { type LoadSimulator, SimulatorSection } from './simulator-section.tsx';
import { TutorialSteps } from './tutorial-steps.tsx';
import { UploadSection } from './upload-section.tsx';

/** The address, printed at the end of a paper copy; known only in the browser. */
function PrintedFrom() {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => setHref(window.location.href.split('#')[0] ?? null), []);
  if (!href) return null;
  return (
    <p className="print-only border-t border-border pt-4 text-sm">
      Printed from <span className="font-mono">{href}</span>
    </p>
  );
}

/**
 * Opens the page at the place the address names, if it names one, or else at the learner's first
 * unfinished step, once the progress is in and the assets are shown (so nothing moves afterwards).
 * Read once, from the window: a hook on the router's location would render all the sections again
 * at every jump within the page. Not if the visitor has already taken the page somewhere (a step
 * from the bar, the sketch, the video, a scroll): what they chose stays on screen.
 */
function useOpenAt(
  continueStep: number | null | undefined,
  settled: boolean,
  keepPosition: boolean,
  visitorActed: RefObject<boolean>,
) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || continueStep === undefined || !settled) return;
    done.current = true;
    if (visitorActed.current) return;
    const { hash } = window.location;
    const lines = parseLineRangeHash(hash);
    if (lines) return revealOnPage(`L${lines.from}`, { smooth: false });
    if (hash) return revealOnPage(decodeURIComponent(hash.slice(1)), { smooth: false });
    if (continueStep === null || keepPosition) return;
    document.getElementById(`step-${continueStep}`)?.scrollIntoView({ block: 'start' });
  }, [continueStep, settled, keepPosition, visitorActed]);
}

/**
 * On paper, where a player cannot play: the video's address and its QR code (made at build time,
 * scripts/tutorial-assets/video-qr.ts), to watch it on a phone at the workbench.
 */
function VideoOnPaper({ project }: { project: Project }) {
  const { youtubeId, title } = project.video;
  const address = videoAddress(youtubeId);
  return (
    <section aria-label="The video on paper" className="video-on-paper hidden print:flex">
      <img src={videoQrPath(project.slug)} alt="" width="96" height="96" />
      <div>
        <p className="label-mono">Watch the video</p>
        <p className="mt-1 font-semibold">{title}</p>
        <p className="mt-1 font-mono">{address}</p>
        <p className="mt-1 text-sm">Scan the code with a phone, or type the address.</p>
      </div>
    </section>
  );
}

export interface TutorialSectionsProps {
  project: Project;
  view: TutorialView;
  assets: TutorialAssetsState;
  doneSteps: ReadonlySet<number>;
  /** Undefined while the member's ticks are not known yet. */
  onToggleStep: ((index: number, done: boolean) => void) | undefined;
  /** The step to open the page at (its number); undefined while the progress loads. */
  continueStep: number | null | undefined;
  /** Back or forward to a page drawn at once from the cache: the router restores the position. */
  keepPosition: boolean;
  /** Set once the visitor has tapped, pressed a key or scrolled: the page no longer moves by itself. */
  visitorActed: RefObject<boolean>;
  /** The simulator, loaded when the learner asks for it; without it the page offers none. */
  loadSimulator?: LoadSimulator | undefined;
  /** The editor, loaded when the learner asks for it; without it the page offers none. */
  loadEditor?: LoadEditor | undefined;
  /** The signed-in member, or null: editing needs an account. */
  userId: string | null;
  /** Called once everything is drawn (the second pass, the drawings and code in): a tap held until then goes now. */
  onDrawn?: (() => void) | undefined;
}

/**
 * The steps (with their wiring and code), the full diagram and sketch, the simulator and the upload: below the first screen and drawn from the tutorial's own data, so they
 * come as a chunk with that data instead of with the page (tutorial-page.tsx). Nothing in here
 * subscribes to a store: the page renders it in a transition and gives it everything as props.
 */
function TutorialSections({
  project,
  view,
  assets,
  doneSteps,
  onToggleStep,
  continueStep,
  keepPosition,
  visitorActed,
  loadSimulator,
  loadEditor,
  userId,
  onDrawn,
}: TutorialSectionsProps) {
  // The steps first; what is below them (the whole diagram and sketch, the editor, the simulator, the
  // upload) in a second pass in the background, so a learner scrolling down finds the steps sooner.
  const whole = useDeferredValue(true, false);
  const drawn = whole && (assets.data !== undefined || assets.isError);
  useOpenAt(continueStep, drawn, keepPosition, visitorActed);
  useEffect(() => {
    if (drawn) onDrawn?.();
  }, [drawn, onDrawn]);
  return (
    <>
      <VideoOnPaper project={project} />
      <TutorialSteps
        project={project}
        view={view}
        assets={assets}
        done={doneSteps}
        onToggle={onToggleStep}
        whole={whole}
      />
      {whole && loadEditor ? <EditSection project={project} assets={assets} userId={userId} load={loadEditor} /> : null}
      {whole && loadSimulator ? <SimulatorSection project={project} assets={assets} load={loadSimulator} /> : null}
      {whole ? <UploadSection project={project} userId={userId} /> : null}
      <PrintedFrom />
    </>
  );
}

export default memo(TutorialSections);
