import { Check, TriangleAlert } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import type { Project } from '#shared/content/projects.ts';
import { buildSteps, isNumbered, type NumberedStep } from '#shared/content/steps.ts';
import { cn } from '#web/lib/cn.ts';
import { showLinesInEditor } from '#web/lib/editor-lines.ts';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import { type LineRange, lineRangeHash } from '../lib/code-anchor.ts';
import type { StepDetails, TutorialView } from '../lib/tutorial-view.ts';
import { useCodeWrap } from './code-wrap.ts';
import { SHOW_PANEL_EVENT } from './jump-link.tsx';
import { SketchPanel } from './sketch-panel.tsx';
import { type ReaderRequest, SketchReader } from './sketch-reader.tsx';
import { REFERENCE_TABS, type ReferenceTab, StepNavigator } from './step-navigator.tsx';
import { StepCode, StepWiring } from './step-parts.tsx';
import { TutorialSection } from './tutorial-section.tsx';
import { ConnectionTable, WiringDiagram } from './wiring-diagram.tsx';

/**
 * A safety warning ("not a certified detector", water and mains): said before the steps it
 * guards, with a warning sign, and not a step to tick (it keeps its index: progress is stored by it).
 */
function SafetyCallout({ index, text }: { index: number; text: string }) {
  const headingId = `safety-${index + 1}-heading`;
  return (
    <li id={`safety-${index + 1}`} aria-labelledby={headingId} className="safety-callout">
      <span className="safety-icon" aria-hidden="true">
        <TriangleAlert className="size-5" strokeWidth={2.5} />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="safety-title">
          Safety warning
        </h3>
        <p className="mt-1 leading-relaxed">{text}</p>
      </div>
    </li>
  );
}

interface StepCardProps {
  step: NumberedStep;
  /** Its short title, e.g. "Wire the soil sensor". */
  title: string;
  total: number;
  details: StepDetails | undefined;
  assets: TutorialAssetsState;
  file: string;
  done: boolean;
  onToggle: ((index: number, done: boolean) => void) | undefined;
  /** Opens the full diagram with this step's wires picked out. */
  onOpenDiagram: (index: number) => void;
  onOpenLines: (range: LineRange) => void;
}

/** One step: its words, the wires it adds (drawn and listed), its lines of code, and its Done tick. */
function StepCard({
  step,
  title,
  total,
  details,
  assets,
  file,
  done,
  onToggle,
  onOpenDiagram,
  onOpenLines,
}: StepCardProps) {
  const { index, number, text } = step;
  const wires = details?.connections ?? [];
  const refs = details?.codeRefs ?? [];
  const headingId = `step-${number}-heading`;
  return (
    <li
      id={`step-${number}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={cn('step-card tray outline-none', done && 'step-done')}
    >
      <div className="p-4 sm:p-5">
        <div className="step-head flex items-center gap-3">
          <span className="print-box" aria-hidden="true" />
          <span className="step-number" aria-hidden="true">
            {done ? <Check className="size-4 print:hidden" strokeWidth={3} /> : null}
            <span className={done ? 'hidden print:inline' : undefined}>{String(number).padStart(2, '0')}</span>
          </span>
          {/* Said in the heading below, with the title: shown here, beside the tick, to keep the title's line whole. */}
          <p className="step-of min-w-0 flex-1" aria-hidden="true">
            Step {number} <span className="font-normal text-muted">of {total}</span>
          </p>
          <label className="check-chip print:hidden">
            <input
              type="checkbox"
              className="check-input"
              checked={done}
              disabled={!onToggle}
              onChange={(event) => onToggle?.(index, event.target.checked)}
              aria-label={`Done: step ${number}`}
            />
            <span>Done</span>
          </label>
        </div>
        <h3 id={headingId} className="step-title mt-2">
          <span className="sr-only">
            Step {number} of {total}:{' '}
          </span>
          {title}
        </h3>
        <p className="mt-2 leading-relaxed">{text}</p>
      </div>
      {wires.length > 0 || refs.length > 0 ? (
        <div
          className={cn(
            'grid gap-4 px-4 pb-4 sm:px-5 sm:pb-5',
            wires.length > 0 && refs.length > 0 && 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]',
          )}
        >
          {wires.length > 0 ? (
            <StepWiring
              step={index}
              number={number}
              connections={wires}
              svg={assets.data?.wiringSvg}
              crop={details?.crop ?? null}
              loading={!assets.data && !assets.isError}
              onOpenDiagram={() => onOpenDiagram(index)}
            />
          ) : null}
          {refs.length > 0 ? (
            <StepCode refs={refs} lines={assets.data?.codeLines} file={file} onOpenLines={onOpenLines} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/*
 * The site's tab look (components/ui/tab-styles.ts), written out here: imported, that module became a
 * chunk of its own for this page, 220 bytes over its budget. reference-tabs.test.ts keeps the two equal.
 */
export const REFERENCE_TAB_LIST_CLASS = 'flex gap-1 rounded-xl border border-border bg-surface-2 p-1';
export const REFERENCE_TAB_CLASS =
  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-muted transition-colors hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-sm sm:gap-2 sm:px-4 [&_svg]:size-4 flex-1 sm:flex-none';

interface ReferenceProps {
  project: Project;
  view: TutorialView;
  assets: TutorialAssetsState;
  tab: ReferenceTab;
  onTab: (tab: ReferenceTab) => void;
  stepNumber: (index: number) => number | null;
  highlight: number | null;
  onHighlight: (step: number | null) => void;
  onFullScreen: () => void;
  wrap: boolean;
  onWrap: (wrap: boolean) => void;
}

/**
 * The whole of it, one tab each: the full diagram, every connection, the whole sketch. All three
 * stay in the page (hidden but for the tab shown), so a link to a line finds it and paper prints all.
 */
function Reference({
  project,
  view,
  assets,
  tab,
  onTab,
  stepNumber,
  highlight,
  onHighlight,
  onFullScreen,
  wrap,
  onWrap,
}: ReferenceProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    // A link to something in a hidden tab (a line of the sketch) shows that tab before it scrolls.
    const show = (event: Event) => {
      const panel = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-reveal-panel]') : null;
      const wanted = REFERENCE_TABS.find(({ tab: value }) => panel?.dataset.revealPanel === value);
      if (wanted && panel?.dataset.state === 'inactive') flushSync(() => onTab(wanted.tab));
    };
    element.addEventListener(SHOW_PANEL_EVENT, show);
    return () => element.removeEventListener(SHOW_PANEL_EVENT, show);
  }, [onTab]);

  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys, Home and End move along the tabs and show the one they reach (the ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = REFERENCE_TABS.findIndex(({ tab: value }) => value === tab);
    const last = REFERENCE_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (at + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const wanted = next === null ? undefined : REFERENCE_TABS[next];
    if (next === null || !wanted) return;
    event.preventDefault();
    onTab(wanted.tab);
    tabs.current[next]?.focus();
  };

  return (
    <TutorialSection id="reference" kicker="Look it up" title="Wiring and code" className="tutorial-reference">
      <div ref={root}>
        <div
          role="tablist"
          aria-label="Wiring and code"
          className={cn(REFERENCE_TAB_LIST_CLASS, 'sm:inline-flex print:hidden')}
        >
          {REFERENCE_TABS.map(({ tab: value, label, Icon }, index) => (
            <button
              key={value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`reference-tab-${value}`}
              aria-controls={`reference-panel-${value}`}
              aria-selected={tab === value}
              data-state={tab === value ? 'active' : 'inactive'}
              tabIndex={tab === value ? 0 : -1}
              className={REFERENCE_TAB_CLASS}
              onClick={() => onTab(value)}
              onKeyDown={onKeyDown}
            >
              <Icon aria-hidden="true" className="max-sm:hidden" />
              {label}
            </button>
          ))}
        </div>
        {REFERENCE_TABS.map(({ tab: value }) => (
          <div
            key={value}
            role="tabpanel"
            id={`reference-panel-${value}`}
            aria-labelledby={`reference-tab-${value}`}
            data-reveal-panel={value}
            data-state={tab === value ? 'active' : 'inactive'}
            className="reference-panel mt-4 outline-none"
            tabIndex={-1}
          >
            {value === 'wiring' ? (
              <div id="wiring">
                <WiringDiagram
                  view={view}
                  assets={assets}
                  stepNumber={stepNumber}
                  highlight={highlight}
                  onHighlight={onHighlight}
                />
              </div>
            ) : value === 'connections' ? (
              <ConnectionTable view={view} stepNumber={stepNumber} />
            ) : (
              <SketchPanel project={project} assets={assets} onFullScreen={onFullScreen} wrap={wrap} onWrap={onWrap} />
            )}
          </div>
        ))}
      </div>
    </TutorialSection>
  );
}

interface TutorialStepsProps {
  project: Project;
  view: TutorialView;
  assets: TutorialAssetsState;
  done: ReadonlySet<number>;
  /** Undefined while the member's ticks are not known yet: the ticks are disabled. */
  onToggle: ((index: number, done: boolean) => void) | undefined;
  /** False for the first pass, which draws the steps only; the whole diagram and sketch come in the second. */
  whole: boolean;
}

/**
 * The centre of the page: every step with its own wires and lines of code, the bar that takes the
 * learner from step to step, and below them the full diagram, connections and sketch.
 */
export function TutorialSteps({ project, view, assets, done, onToggle, whole }: TutorialStepsProps) {
  const steps = useMemo(() => buildSteps(project), [project]);
  const numbered = useMemo(() => steps.filter(isNumbered), [steps]);
  const stepNumber = useCallback((index: number) => steps[index]?.number ?? null, [steps]);
  const [tab, setTab] = useState<ReferenceTab>('wiring');
  const [highlight, setHighlight] = useState<number | null>(null);
  const file = assets.data?.sketchFile ?? `${project.slug}.ino`;

  const openReference = (value: ReferenceTab, step: number | null = null) => {
    flushSync(() => {
      setTab(value);
      setHighlight(step);
    });
    const panel = document.querySelector<HTMLElement>(`[data-reveal-panel="${value}"]`);
    document.getElementById('reference')?.scrollIntoView({ block: 'start' });
    panel?.focus({ preventScroll: true });
  };

  const openDiagramAt = (index: number) => openReference('wiring', index);
  const [reader, setReader] = useState<ReaderRequest | null>(null);
  const [wrap, setWrap] = useCodeWrap();
  const navigate = useNavigate();
  // The lines' address goes in the URL (to share, or to find them again), the page staying where it is.
  const openLines = (range: LineRange) => {
    navigate({ hash: lineRangeHash(range) }, { preventScrollReset: true, replace: true });
    // While the learner's editor is open, it shows the lines in their version; else the reader does.
    if (showLinesInEditor(range)) return;
    setReader({ range });
  };

  return (
    <div className="step-guide">
      <StepNavigator steps={numbered} titles={view.stepTitles} done={done} onOpenReference={openReference} />
      <TutorialSection id="steps" kicker="Build" title="Steps">
        <ol className="flex flex-col gap-4">
          {steps.map((step) =>
            !isNumbered(step) ? (
              <SafetyCallout key={step.index} index={step.index} text={step.text} />
            ) : (
              <StepCard
                key={step.index}
                step={step}
                title={view.stepTitles[step.index] ?? step.text}
                total={numbered.length}
                details={view.steps[step.index]}
                assets={assets}
                file={file}
                done={done.has(step.index)}
                onToggle={onToggle}
                onOpenDiagram={openDiagramAt}
                onOpenLines={openLines}
              />
            ),
          )}
        </ol>
      </TutorialSection>
      {whole ? (
        <Reference
          project={project}
          view={view}
          assets={assets}
          tab={tab}
          onTab={setTab}
          stepNumber={stepNumber}
          highlight={highlight}
          onHighlight={setHighlight}
          onFullScreen={() => setReader({ range: null })}
          wrap={wrap}
          onWrap={setWrap}
        />
      ) : (
        // Its place while it is drawn: a press on the bar before then still lands here, on its tab.
        <div id="reference" className="min-h-[60vh]" />
      )}
      {assets.data ? (
        <SketchReader
          request={reader}
          lines={assets.data.codeLines}
          file={assets.data.sketchFile}
          onClose={() => setReader(null)}
          wrap={wrap}
          onWrap={setWrap}
        />
      ) : null}
    </div>
  );
}
