import { ChevronDown, Maximize2 } from 'lucide-react';
import { memo, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CodeRef } from '#shared/content/tutorials.ts';
import { type LineRange, lineRangeHash, lineRangeLabel } from '../lib/code-anchor.ts';
import { excerptLinesHtml } from '../lib/numbered-lines.ts';
import { focusDiagramOnStep } from '../lib/step-diagram.ts';
import type { Connection, StepCrop } from '../lib/tutorial-view.ts';
import { JumpLink } from './jump-link.tsx';
import { WireSwatch } from './wire-swatch.tsx';

/**
 * The wiring diagram as one step sees it: the same drawing as the full diagram and the simulator,
 * cropped to the parts the step's wires join, its other wires faded.
 */
const StepDiagram = memo(function StepDiagram({ svg, step, label }: { svg: string; step: number; label: string }) {
  const holder = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new drawing is new elements, focused again
  useLayoutEffect(() => {
    const drawing = holder.current?.querySelector('svg');
    if (drawing) focusDiagramOnStep(drawing, step, { crop: true });
  }, [svg, step]);
  return (
    // A narrow screen scrolls the drawing sideways (step-diagram.ts): a region the keyboard can reach and scroll.
    <section
      ref={holder}
      className="step-wiring-svg"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus to scroll from the keyboard
      tabIndex={0}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built from our typed content at build time
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
});

interface StepWiringProps {
  /** 0-based index of the step. */
  step: number;
  /** The number a learner sees ("Step 4"). */
  number: number;
  connections: readonly Connection[];
  /** The whole diagram; undefined while it loads (or when it failed: the list says it all). */
  svg: string | undefined;
  /** The size its cropped drawing will have (worked out at build time), held while it loads. */
  crop: StepCrop | null;
  loading: boolean;
  onOpenDiagram: () => void;
}

/** "Wires in this step": the step's part of the diagram, then each wire in words with its colour. */
export function StepWiring({ step, number, connections, svg, crop, loading, onOpenDiagram }: StepWiringProps) {
  return (
    <div className="step-panel">
      <p className="label-mono text-muted">Wires in this step</p>
      {svg ? (
        <StepDiagram svg={svg} step={step} label={`Step ${number}: its wires, drawn`} />
      ) : loading && crop ? (
        // The drawing's own box (the same element and rules, its size from the build): nothing moves when it comes.
        <div className="step-wiring-svg" aria-hidden="true">
          <svg
            className="skeleton rounded-lg"
            width={crop[0]}
            height={crop[1]}
            viewBox={`0 0 ${crop[0]} ${crop[1]}`}
            style={{ minWidth: `${crop[2]}px` }}
          />
        </div>
      ) : loading ? (
        <div className="step-wiring-skeleton skeleton mt-3 rounded-lg" aria-hidden="true" />
      ) : null}
      <ul className="mt-3 flex flex-col gap-1.5 text-sm">
        {connections.map((wire) => (
          <li key={wire.description} className="flex items-start gap-2.5">
            <WireSwatch color={wire.color} />
            <span>{wire.description}</span>
          </li>
        ))}
      </ul>
      {svg || loading ? (
        // Here while the drawing comes too (the full diagram says it is loading): nothing moves when it does.
        <button type="button" className="step-open-diagram print:hidden" onClick={onOpenDiagram}>
          <Maximize2 aria-hidden="true" /> See it in the full diagram
        </button>
      ) : null}
    </div>
  );
}

/** Lines an excerpt shows before "Show all": a long function is there in full one press away. */
const EXCERPT_PREVIEW_LINES = 10;

/** Some lines of the sketch, numbered, wrapped rather than scrolled; a long excerpt opens in place. */
function CodeExcerpt({
  refRange,
  lines,
  file,
  onOpenLines,
}: {
  refRange: CodeRef;
  lines: readonly string[];
  file: string;
  onOpenLines: (range: LineRange) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const all = useMemo(() => lines.slice(refRange.from - 1, refRange.to), [lines, refRange]);
  const long = all.length > EXCERPT_PREVIEW_LINES + 2;
  const cut = long && !open;
  const html = useMemo(
    () => excerptLinesHtml(cut ? all.slice(0, EXCERPT_PREVIEW_LINES) : all, refRange.from),
    [all, cut, refRange.from],
  );
  const range = refRange.from === refRange.to ? `line ${refRange.from}` : `lines ${refRange.from}–${refRange.to}`;
  return (
    <figure className="code-excerpt">
      <figcaption className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border px-3 py-1.5">
        <span className="font-mono text-xs text-muted" translate="no">
          {file}, {range}
        </span>
        <a
          href={`#${lineRangeHash(refRange)}`}
          className="jump-link inline-flex min-h-8 items-center text-sm"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onOpenLines(refRange);
          }}
        >
          {lineRangeLabel(refRange)}
          <span className="sr-only"> in the whole sketch, full screen</span>
        </a>
      </figcaption>
      <pre id={id}>
        <code
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlighted at build time from our own sketch
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </pre>
      {long ? (
        <button
          type="button"
          className="excerpt-more"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
          {open ? 'Show fewer lines' : `Show all ${all.length} lines`}
        </button>
      ) : null}
    </figure>
  );
}

interface StepCodeProps {
  refs: readonly CodeRef[];
  /** Opens the whole sketch full screen at these lines. */
  onOpenLines: (range: LineRange) => void;
  /** The highlighted sketch, line by line; undefined while it loads. */
  lines: readonly string[] | undefined;
  file: string;
}

/** "Code for this step": each range of lines the step is about, in place. */
export function StepCode({ refs, lines, file, onOpenLines }: StepCodeProps) {
  return (
    <div className="step-panel">
      <p className="label-mono text-muted">Code for this step</p>
      <div className="mt-2 flex flex-col gap-3">
        {refs.map((ref) =>
          lines ? (
            <CodeExcerpt
              key={`${ref.from}-${ref.to}`}
              refRange={ref}
              lines={lines}
              file={file}
              onOpenLines={onOpenLines}
            />
          ) : (
            <div key={`${ref.from}-${ref.to}`} className="flex flex-col gap-2">
              <JumpLink
                hash={lineRangeHash(ref)}
                targetId={`L${ref.from}`}
                className="inline-flex min-h-8 items-center text-sm"
              >
                {lineRangeLabel(ref)}
              </JumpLink>
            </div>
          ),
        )}
      </div>
    </div>
  );
}
