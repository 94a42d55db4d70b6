import { Check, Play, RotateCcw } from 'lucide-react';
import { memo, type RefObject, Suspense, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigationType } from 'react-router';
import { BOARD_NAMES, type Project } from '#shared/content/projects.ts';
import { ROUTES } from '#shared/routes.ts';
import type { ProgressKind } from '#shared/schemas/progress.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { isPageHydrated, replayHeldInputWithin } from '#web/lib/held-input.ts';
import { useProgress, useProgressNow, useTickProgress } from '../api/progress.ts';
import { type TutorialAssetsState, useTutorialAssets } from '../api/tutorial-assets.ts';
import { settledTutorialContent, type TutorialContent, useTutorialContent } from '../api/tutorial-content.ts';
import { type ProjectProgress, projectProgress } from '../lib/progress.ts';
import { DifficultyBadge } from './difficulty-badge.tsx';
import type { LoadEditor } from './edit-section.tsx';
import { JumpLink } from './jump-link.tsx';
import { MaterialsChecklist } from './materials-checklist.tsx';
import { ProgressMeter } from './progress-meter.tsx';
import { PROJECT_COLOR_CLASSES } from './project-style.ts';
import type { LoadSimulator } from './simulator-section.tsx';
// Part of the page, not lazy: a lazy one is prerendered as a placeholder that a script swaps after paint (a layout shift).
import { VideoFacade } from './video-facade.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-border border-l-accent bg-surface/80 py-2.5 pr-3 pl-3.5 [border-left-width:3px]">
      <dt className="label-mono text-[0.68rem] text-muted">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

/**
 * An empty element closing the header: the browser paints nothing before it is parsed, so the first
 * screen is painted whole (routes/tutorial.tsx). At the end, not the header's id: Chromium stops
 * waiting as soon as the element is in the document, not when its last child is.
 */
export const FIRST_SCREEN_END_ID = 'first-screen-end';

interface ProgressPanelProps {
  progress: ProjectProgress;
  loading: boolean;
  /** Set when the progress could not be loaded: retries. */
  onRetry?: () => void;
}

function ProgressPanel({ progress, loading, onRetry }: ProgressPanelProps) {
  const { stepsDone, stepCount, continueStep, complete } = progress;
  if (onRetry) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 border-t border-border bg-surface-2/50 px-5 py-4 sm:px-8 print:hidden"
      >
        <p className="flex-1 text-sm font-semibold">We could not load your progress.</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 border-t border-border bg-surface-2/50 px-5 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-8 print:hidden">
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-semibold" aria-live="polite">
            {complete ? <Check className="size-4 text-accent" strokeWidth={3} aria-hidden="true" /> : null}
            {loading ? 'Loading your progress…' : `${stepsDone} of ${stepCount} steps done`}
          </p>
          {/* The simulator is far below the steps (on a phone, some 12,000 px): one tap takes the learner there. */}
          <JumpLink hash="simulator" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            <Play aria-hidden="true" /> Run it
          </JumpLink>
        </div>
        <ProgressMeter className="mt-2" done={loading ? 0 : stepsDone} total={stepCount} label="Your progress" />
      </div>
      <div className="flex min-h-11 items-center sm:justify-end">
        {continueStep !== null ? (
          <JumpLink hash={`step-${continueStep}`} className={buttonVariants({ size: 'md' })}>
            Continue at step {continueStep} <span aria-hidden="true">→</span>
          </JumpLink>
        ) : complete ? (
          <p className="text-sm text-muted">Every step done — well built!</p>
        ) : (
          <p className="text-sm text-muted">Tick each step as you finish it; your progress is saved to your account.</p>
        )}
      </div>
    </div>
  );
}

function SectionsLoading() {
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner label="Loading the wiring, code and steps…" />
    </div>
  );
}

const FIRST_INPUTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Whether the visitor has tapped, pressed a key or scrolled on the page yet (a tap held before the
 * app started counts: the app replays it after this listens). From then the page never moves by
 * itself to where it would have opened (docs/first-touch.md): a learner who took the step bar to
 * the sketch before their ticks came stays there.
 */
function useVisitorActed(): RefObject<boolean> {
  const acted = useRef(false);
  useEffect(() => {
    const stop = () => {
      for (const type of FIRST_INPUTS) window.removeEventListener(type, mark, true);
    };
    const mark = () => {
      acted.current = true;
      stop();
    };
    for (const type of FIRST_INPUTS) window.addEventListener(type, mark, { capture: true, passive: true });
    return stop;
  }, []);
  return acted;
}

interface SectionsProps {
  project: Project;
  /** Null until the page's query has it: the boundary then waits for the chunk itself. */
  content: TutorialContent | null;
  assets: TutorialAssetsState;
  doneSteps: ReadonlySet<number>;
  onToggleStep: ((index: number, done: boolean) => void) | undefined;
  /** The step to open the page at (its number); undefined while the progress loads. */
  continueStep: number | null | undefined;
  keepPosition: boolean;
  visitorActed: RefObject<boolean>;
  loadSimulator: LoadSimulator | undefined;
  loadEditor: LoadEditor | undefined;
  userId: string | null;
  /** Called once the sections are on the page (hydrated, or drawn): from then they get the live props. */
  onShown: () => void;
  /** Called once they are drawn whole (tutorial-sections.tsx). */
  onDrawn: () => void;
}

/**
 * Wiring, Code and Steps. The steps are in the prerendered page (decision 023): this suspends until
 * their chunk has come, and until then React keeps the server's HTML as it is (hydrating it then).
 * Nothing in here reads a store: a query that settled during the render would otherwise make React
 * redo it in one blocking render. The ticks are not deferred: a tick shows in the frame of the click
 * (only the steps re-render for it; the wiring and code are memoised).
 */
const SectionsFromChunk = memo(function SectionsFromChunk({ content, onShown, ...props }: SectionsProps) {
  const loaded = content ?? use(settledTutorialContent(props.project.slug));
  useEffect(() => {
    if (loaded) onShown();
  }, [loaded, onShown]);
  // The page's query failed too: TutorialScreen shows the error and Try again instead of the page.
  if (!loaded) return <SectionsLoading />;
  const { Sections, view } = loaded;
  return <Sections view={view} {...props} />;
});

/** Nothing of the member yet: what the server drew the sections with. */
const AS_PRERENDERED = {
  content: null,
  // The drawings and the code come with the app; their places are held at their size meanwhile.
  assets: { data: undefined, isError: false, retry: () => undefined } satisfies TutorialAssetsState,
  doneSteps: new Set<number>(),
  onToggleStep: undefined,
  continueStep: undefined,
  keepPosition: false,
  userId: null,
};

/**
 * The sections, hydrated when their chunk has come. Until they are on the page they get exactly
 * what the server drew them with (no session, ticks or drawings): a dehydrated part that gets new
 * props before it hydrates is thrown away and drawn again (its spinner first), and one hydrated with
 * other props than the server's keeps the server's attributes (a tick box left disabled). A tap there
 * before then is held by the boot script and sent once they are (`data-later`, lib/held-input.ts).
 * A page the app draws itself (a link from /projects) gets the live props at once.
 */
function TutorialSectionsSlot(props: Omit<SectionsProps, 'onShown' | 'onDrawn'>) {
  const part = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(isPageHydrated);
  const onShown = useCallback(() => setShown(true), []);
  // A tap held on the steps (the bar's Whole sketch, say) goes once what it leads to is drawn.
  const onDrawn = useCallback(() => {
    if (part.current) replayHeldInputWithin(part.current);
  }, []);
  // One element, kept until they are shown: React compares a boundary's props by identity, and a
  // parent's new element (the session confirmed, ticks in) would count as new props.
  const [waiting] = useState(() => (
    <Suspense fallback={<SectionsLoading />}>
      <SectionsFromChunk {...props} {...AS_PRERENDERED} onShown={onShown} onDrawn={onDrawn} />
    </Suspense>
  ));
  return (
    // `display: contents`: the sections stay items of the page's column.
    <div ref={part} data-later="" style={{ display: 'contents' }}>
      {/* The build writes the rules of the steps here that the first screen's inline CSS lacks (scripts/postbuild.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: empty; filled at build time with our own CSS */}
      <style data-later-css="" dangerouslySetInnerHTML={{ __html: '' }} />
      {shown ? (
        <Suspense fallback={<SectionsLoading />}>
          <SectionsFromChunk {...props} onShown={onShown} onDrawn={onDrawn} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}

interface TutorialPageProps {
  project: Project;
  /** Null while the tutorial's wiring and step data load: the sections that need it wait. */
  content: TutorialContent | null;
  /** Null until the session is confirmed: the progress waits and the ticks are disabled. */
  userId: string | null;
  /** The simulator, composed by the app (it needs another feature's sound engine). */
  loadSimulator?: LoadSimulator | undefined;
  /** The editor with the simulator, composed by the app (two features). */
  loadEditor?: LoadEditor | undefined;
}

/** A project's full tutorial: overview, materials, wiring, code and steps, with the learner's ticks. */
function TutorialPage({ project, content, userId, loadSimulator, loadEditor }: TutorialPageProps) {
  const progressQuery = useProgress(userId);
  // The cache is the one optimistic layer (projects-cache.ts), read here so a tick shows in the frame of its click.
  const ticks = useProgressNow(userId);
  const assets = useTutorialAssets(project.slug);
  const saveTick = useTickProgress(userId);
  const progressLoading = ticks === undefined && !progressQuery.isError;
  const progress = useMemo(() => projectProgress(ticks, project), [ticks, project]);
  const colors = PROJECT_COLOR_CLASSES[project.color];
  // Back and forward keep the position the router restores, which it can only do when the page rendered at once from the cache.
  const keepPosition = useRef(
    useNavigationType() === 'POP' && content !== null && ticks !== undefined && assets.data !== undefined,
  ).current;

  const visitorActed = useVisitorActed();

  // None while userId is null: the ticks are disabled then. Stable otherwise, so the memoised sections keep theirs.
  const [onToggleStep, onToggleMaterial] = useMemo(
    () =>
      saveTick === undefined
        ? [undefined, undefined]
        : (['steps', 'materials'] as const satisfies readonly ProgressKind[]).map(
            (kind) => (index: number, done: boolean) => saveTick({ projectId: project.id, kind, index, done }),
          ),
    [saveTick, project.id],
  );

  return (
    <article aria-labelledby="tutorial-title" className="tutorial-page mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={ROUTES.projects}
        className="inline-flex min-h-10 items-center gap-2 rounded-lg text-sm font-semibold text-muted hover:text-text print:hidden"
      >
        <span aria-hidden="true">←</span> All projects
      </Link>

      <header className="tray mt-3 overflow-hidden">
        <div className={cn('h-1.5', colors.edge)} aria-hidden="true" />
        <div className="bg-blueprint px-5 py-6 sm:px-8 sm:py-8">
          <div className="flex items-start gap-4 sm:gap-5">
            {/* The tile holds the picture's place: no height needed (bytes count here, decision 011). */}
            <span className={cn('grid size-16 shrink-0 place-items-center rounded-2xl ring-1 sm:size-20', colors.tile)}>
              <img src={`/art/${project.slug}.svg`} alt="" width="56" />
            </span>
            <div className="min-w-0 flex-1">
              <h1 id="tutorial-title" className="font-display text-3xl leading-tight font-bold sm:text-4xl">
                {project.title}
              </h1>
              <p className="mt-2 flex flex-wrap items-center gap-2">
                <DifficultyBadge difficulty={project.difficulty} />
                <span className="label-mono text-muted">{progress.stepCount} steps</span>
              </p>
            </div>
            <div className="hidden shrink-0 sm:block print:hidden">
              <Button variant="secondary" size="sm" onClick={() => window.print()}>
                Print<span className="sr-only"> this tutorial</span>
              </Button>
            </div>
          </div>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-muted">{project.description}</p>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 [&>*:last-child]:col-span-2 sm:[&>*:last-child]:col-span-1">
            <Fact label="Time" value={project.time} />
            <Fact label="Parts cost" value={project.cost} />
            <Fact label="Board" value={BOARD_NAMES[project.board]} />
          </dl>
        </div>
        <ProgressPanel
          progress={progress}
          loading={progressLoading}
          onRetry={progressQuery.isError ? () => progressQuery.refetch() : undefined}
        />
        <div id={FIRST_SCREEN_END_ID} />
      </header>

      <div className="mt-10 grid gap-8 md:grid-cols-[1fr_1.15fr] md:items-start print:block">
        <section aria-labelledby="learn-heading" className="tutorial-section">
          <p className="label-mono text-accent">Skills</p>
          <h2 id="learn-heading" className="mt-1 font-display text-2xl font-bold sm:text-3xl">
            What you will learn
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {project.learn.map((point) => (
              <li key={point} className="flex gap-3">
                <span className="learn-tick" aria-hidden="true">
                  <Check className="size-3.5" strokeWidth={3} />
                </span>
                <span className="leading-relaxed">{point}</span>
              </li>
            ))}
          </ul>
        </section>
        <div className="print:hidden">
          <VideoFacade project={project} />
        </div>
      </div>

      <div className="tutorial-flow mt-14 flex flex-col gap-14">
        <MaterialsChecklist project={project} have={progress.haveMaterials} onToggle={onToggleMaterial} />
        <TutorialSectionsSlot
          project={project}
          content={content}
          assets={assets}
          doneSteps={progress.doneSteps}
          onToggleStep={onToggleStep}
          continueStep={progressLoading ? undefined : progress.continueStep}
          keepPosition={keepPosition}
          visitorActed={visitorActed}
          loadSimulator={loadSimulator}
          loadEditor={loadEditor}
          userId={userId}
        />
      </div>
    </article>
  );
}

/**
 * A project's tutorial page. Its text comes with the page (and is in the prerendered HTML); the
 * wiring and step data come as a small chunk of their own, usually before the session check has finished.
 */
export function TutorialScreen({
  project,
  userId,
  loadSimulator,
  loadEditor,
}: {
  project: Project;
  userId: string | null;
  loadSimulator?: LoadSimulator;
  loadEditor?: LoadEditor;
}) {
  const content = useTutorialContent(project.slug);
  if (content.isError || content.data === null) {
    return (
      <div className="grid min-h-[60vh] place-items-center px-4">
        <div role="alert" className="tray max-w-md p-6 text-center">
          <p className="font-semibold">We could not load this tutorial.</p>
          <p className="mt-1 text-sm text-muted">Check your connection, then try again.</p>
          <Button variant="secondary" className="mt-4" onClick={() => content.refetch()}>
            <RotateCcw aria-hidden="true" /> Try again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <TutorialPage
      project={project}
      content={content.data ?? null}
      userId={userId}
      loadSimulator={loadSimulator}
      loadEditor={loadEditor}
    />
  );
}
