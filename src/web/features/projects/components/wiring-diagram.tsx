import { Maximize2, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import type { TutorialAssetsState } from '../api/tutorial-assets.ts';
import { focusDiagramOnStep } from '../lib/step-diagram.ts';
import type { TutorialView, WireEndView } from '../lib/tutorial-view.ts';
import { JumpLink } from './jump-link.tsx';
import { WireSwatch } from './wire-swatch.tsx';

const CAPTION = 'Wiring diagram — All connections lists every wire';

/** A wire end as the part's name and the pin, the pin set in mono. */
function WireEnd({ end: { label, pin } }: { end: WireEndView }) {
  return (
    <>
      {label}{' '}
      <span className="pin-chip" translate="no">
        {pin}
      </span>
    </>
  );
}

/** Zoom steps; 1 draws pin names at 12 px, the size a phone shows first. */
const SCALES = [0.4, 0.5, 0.6, 0.75, 0.9, 1, 1.25, 1.5, 2] as const;
/** As far as Fit may go: the widest diagram on a 320 px phone. */
const MIN_SCALE = 0.3;
const MAX_SCALE = SCALES[SCALES.length - 1] ?? 2;

/** The next zoom step up or down from a scale (which may lie between steps after "Fit"). */
function stepScale(scale: number, direction: 1 | -1): number {
  const next = direction > 0 ? SCALES.find((s) => s > scale + 0.01) : SCALES.findLast((s) => s < scale - 0.01);
  return next ?? scale;
}

/** The whole diagram, zoomable, with the wires of one step picked out on request. */
export const WiringDiagram = memo(function WiringDiagram({
  view,
  assets,
  stepNumber,
  highlight,
  onHighlight,
}: {
  view: TutorialView;
  assets: TutorialAssetsState;
  stepNumber: (index: number) => number | null;
  /** The step (0-based) whose wires stand out, the rest faded; null: every wire alike. */
  highlight: number | null;
  onHighlight: (step: number | null) => void;
}) {
  const [scale, setScale] = useState(1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const drawingRef = useRef<HTMLDivElement>(null);
  const ready = assets.data !== undefined;
  const wiredSteps = view.steps.flatMap((step, index) => (step.connections.length > 0 ? [index] : []));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new drawing is new elements, focused again
  useLayoutEffect(() => {
    const drawing = drawingRef.current?.querySelector('svg');
    if (drawing) focusDiagramOnStep(drawing, highlight);
  }, [highlight, assets.data]);

  // Fit the drawing's width to the box: measure it as drawn now and scale by what is left over.
  const fit = () => {
    const box = scrollRef.current;
    const drawing = drawingRef.current?.querySelector('svg');
    if (!box || !drawing) return;
    const padding = Number.parseFloat(getComputedStyle(box).paddingLeft) * 2;
    const drawn = drawing.getBoundingClientRect().width;
    if (drawn <= 0) return;
    const fitted = (scale * (box.clientWidth - padding)) / drawn;
    setScale(Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.floor(fitted * 100) / 100)));
    box.scrollTo({ left: 0 });
  };

  return (
    <figure className="wiring-figure tray bg-blueprint overflow-hidden">
      <div className="wiring-tools flex items-center gap-2 border-b border-border px-3 py-2 print:hidden">
        <p className="mr-auto text-sm text-muted">
          <span className="sm:hidden">Swipe sideways to see all of it.</span>
        </p>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset */}
        <div role="group" aria-label="Zoom the diagram" className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Zoom out"
            disabled={!ready || scale <= (SCALES[0] ?? MIN_SCALE)}
            onClick={() => setScale((s) => stepScale(s, -1))}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <output className="w-12 text-center font-mono text-sm" aria-live="polite" aria-label="Zoom level">
            {Math.round(scale * 100)}%
          </output>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Zoom in"
            disabled={!ready || scale >= MAX_SCALE}
            onClick={() => setScale((s) => stepScale(s, 1))}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" disabled={!ready} onClick={fit}>
            <Maximize2 aria-hidden="true" /> Fit
          </Button>
        </div>
      </div>
      {wiredSteps.length > 1 ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
        <div
          role="group"
          aria-label="Show the wires of"
          className="flex flex-wrap items-center gap-1.5 border-b border-border px-3 py-2 print:hidden"
        >
          <span className="mr-1 text-sm text-muted" aria-hidden="true">
            Show:
          </span>
          {[null, ...wiredSteps].map((index) => (
            <button
              key={index ?? 'all'}
              type="button"
              className="wire-filter"
              aria-pressed={highlight === index}
              disabled={!ready}
              onClick={() => onHighlight(index)}
            >
              {index === null ? 'All wires' : `Step ${stepNumber(index) ?? index + 1}`}
            </button>
          ))}
        </div>
      ) : null}
      {/* Scrolls both ways when zoomed in; focusable so a keyboard can scroll it too. */}
      <div
        ref={scrollRef}
        className="wiring-scroll overflow-x-auto p-4"
        role="img"
        aria-labelledby="wiring-caption"
        aria-busy={!assets.data && !assets.isError}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        {assets.data ? (
          <div className="wiring-zoom mx-auto w-fit">
            <div
              ref={drawingRef}
              className="wiring-svg"
              style={{ zoom: scale }}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: built from our typed content at build time
              dangerouslySetInnerHTML={{ __html: assets.data.wiringSvg }}
            />
          </div>
        ) : (
          <div
            className="wiring-zoom skeleton mx-auto w-full max-w-lg rounded-xl"
            style={{ height: view.diagramHeight }}
          />
        )}
      </div>
      {assets.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 border-t border-border px-4 py-3">
          <p className="text-sm">The diagram did not load. All connections lists every wire.</p>
          <Button variant="secondary" size="sm" onClick={assets.retry}>
            <RotateCcw aria-hidden="true" /> Try again
          </Button>
        </div>
      ) : null}
      <figcaption id="wiring-caption" className="border-t border-border px-4 py-3 text-sm text-muted">
        {CAPTION}. A dot joins wires; wires that cross without a dot are not connected.
      </figcaption>
    </figure>
  );
});

/** For every wire, a row: the diagram's text alternative ("All connections"). */
export function ConnectionTable({
  view,
  stepNumber,
}: {
  view: TutorialView;
  stepNumber: (index: number) => number | null;
}) {
  return (
    <div id="connections">
      <h3 id="connections-heading" className="font-display text-xl font-semibold">
        Connection table
      </h3>
      <p className="mt-1 text-sm text-muted">Every wire, in the order you add them.</p>
      <section
        aria-labelledby="connections-heading"
        className="tray mt-4 overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        <table className="connection-table w-full min-w-[20rem] text-left text-sm">
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Wire</th>
              <th scope="col">Step</th>
            </tr>
          </thead>
          <tbody>
            {view.connections.map((wire) => {
              const number = wire.step === undefined ? null : stepNumber(wire.step);
              return (
                <tr key={wire.description}>
                  <td>
                    <WireEnd end={wire.from} />
                  </td>
                  <td>
                    <WireEnd end={wire.to} />
                  </td>
                  <td>
                    <span className="inline-flex items-center gap-2 whitespace-nowrap">
                      <WireSwatch color={wire.color} />
                      {wire.color}
                    </span>
                  </td>
                  <td className="font-mono">
                    {number === null ? (
                      '—'
                    ) : (
                      <JumpLink hash={`step-${number}`} label={`Step ${number}`}>
                        {number}
                      </JumpLink>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
