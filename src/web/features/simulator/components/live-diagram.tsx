import { memo, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { PartView } from '#device/simulator/parts/part.ts';
import type { WiringPart } from '#shared/content/tutorials.ts';
import { controlValueText, describeView, isActive, isOutput } from '../lib/part-look.ts';
import type { ControlEntry } from '../lib/protocol.ts';
import { LcdInDiagram } from './displays.tsx';
import { PartVisual } from './part-visuals.tsx';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The drawing's header height (src/shared/content/wiring-layout.ts HEADER): pins start below it. */
const HEADER = 40;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A part's box in the drawing, and the layer its live state is drawn on. */
interface Anchor {
  readonly partId: string;
  readonly box: Box;
  readonly layer: SVGGElement;
}

/** The boxes of the drawing's parts (`g[data-part]` > `rect.wd-part`), each given a layer on top. */
function anchorParts(root: HTMLElement): Anchor[] {
  const anchors: Anchor[] = [];
  for (const group of root.querySelectorAll<SVGGElement>('g[data-part]')) {
    const rect = group.querySelector('rect.wd-part');
    const partId = group.dataset.part;
    if (!rect || !partId) continue;
    const number = (name: string) => Number(rect.getAttribute(name) ?? 0);
    const layer = document.createElementNS(SVG_NS, 'g');
    layer.setAttribute('class', 'sim-layer');
    group.append(layer);
    anchors.push({
      partId,
      layer,
      box: { x: number('x'), y: number('y'), width: number('width'), height: number('height') },
    });
  }
  return anchors;
}

interface PartStateProps {
  part: WiringPart;
  box: Box;
  view: PartView | undefined;
  controls: readonly ControlEntry[];
  board: { readonly running: boolean; readonly transmitting: boolean };
}

/** A small pill with the reading of an input, at the right of its box. */
function ReadingPill({ box, text, on }: { box: Box; text: string; on: boolean }) {
  const width = Math.min(box.width - 56, Math.max(36, text.length * 6.4 + 14));
  const x = box.x + box.width - width - 8;
  const y = box.y + HEADER + 4;
  return (
    <g className={on ? 'sim-pill sim-pill-on' : 'sim-pill'}>
      <rect x={x} y={y} width={width} height="20" rx="10" />
      <text x={x + width / 2} y={y + 14} textAnchor="middle" fontSize="11">
        {text}
      </text>
    </g>
  );
}

/** The board's own lights: ON while it runs, TX while it sends serial text. */
function BoardLights({ box, running, transmitting }: { box: Box; running: boolean; transmitting: boolean }) {
  const x = box.x + 18;
  const y = box.y + HEADER + 10;
  return (
    <g className="sim-board-lights">
      <circle cx={x} cy={y} r="4.5" className={running ? 'sim-light sim-light-on' : 'sim-light'} />
      <text x={x + 9} y={y + 4} fontSize="11">
        ON
      </text>
      <circle
        cx={x}
        cy={y + 20}
        r="4.5"
        className={transmitting ? 'sim-light sim-light-tx' : 'sim-light'}
        data-tx={transmitting ? '' : undefined}
      />
      <text x={x + 9} y={y + 24} fontSize="11">
        TX
      </text>
    </g>
  );
}

function PartState({ part, box, view, controls, board }: PartStateProps) {
  if (part.kind === 'arduino') return <BoardLights box={box} {...board} />;
  const ring = isActive(view) ? (
    <>
      <rect
        x={box.x - 3}
        y={box.y - 3}
        width={box.width + 6}
        height={box.height + 6}
        rx="13"
        className="sim-active-halo"
      />
      <rect
        x={box.x - 3}
        y={box.y - 3}
        width={box.width + 6}
        height={box.height + 6}
        rx="13"
        className="sim-active-ring"
      />
    </>
  ) : null;
  const inputs = controls.filter((entry) => entry.partId === part.id);
  const first = inputs[0];
  if (first) {
    // One pill: the reading of its first control (a sensor with two, the DHT11, shows both on its card of controls).
    const text = inputs.map(({ control }) => controlValueText(control)).join(' · ');
    return <ReadingPill box={box} text={text} on={first.control.type === 'switch' && first.control.value !== 0} />;
  }
  if (!isOutput(view)) return null;
  const title = <title>{`${part.label}: ${describeView(view)}`}</title>;
  const middleY = box.y + HEADER + (box.height - HEADER) / 2 - 4;
  if (view.kind === 'lcd') {
    const width = Math.min(130, box.width - 64);
    return (
      <g>
        {title}
        <LcdInDiagram
          lines={view.lines}
          backlight={view.backlight}
          x={box.x + box.width - width - 10}
          y={middleY - 16}
          width={width}
        />
      </g>
    );
  }
  if (view.kind === 'clock') {
    const [, clock] = view.time.split(' ');
    const x = box.x + box.width - 84;
    return (
      <g className="sim-clock-svg">
        {title}
        <rect x={x} y={middleY - 13} width="74" height="24" rx="4" />
        <text x={x + 37} y={middleY + 4} textAnchor="middle" fontSize="13">
          {clock ?? view.time}
        </text>
      </g>
    );
  }
  return (
    <g>
      {title}
      {ring}
      <g transform={`translate(${box.x + box.width - 36} ${middleY})`}>
        <PartVisual view={view} label={part.label} />
      </g>
    </g>
  );
}

interface LiveDiagramProps {
  /** The tutorial's wiring diagram as the page draws it above (build-time SVG). */
  svg: string;
  parts: readonly WiringPart[];
  views: Readonly<Record<string, PartView>>;
  controls: readonly ControlEntry[];
  running: boolean;
  transmitting: boolean;
}

/**
 * The wiring diagram the learner just read, alive: each part's state drawn inside its own box
 * (a layer React renders into, next to the build's drawing, which it never touches).
 */
export const LiveDiagram = memo(function LiveDiagram({
  svg,
  parts,
  views,
  controls,
  running,
  transmitting,
}: LiveDiagramProps) {
  const host = useRef<HTMLDivElement>(null);
  const [anchors, setAnchors] = useState<readonly Anchor[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup is new boxes to draw on
  useLayoutEffect(() => {
    const root = host.current;
    if (!root) return;
    const found = anchorParts(root);
    setAnchors(found);
    return () => {
      for (const anchor of found) anchor.layer.remove();
    };
  }, [svg]);

  const byId = new Map(parts.map((part) => [part.id, part]));
  return (
    <>
      <div
        ref={host}
        className="sim-diagram"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own drawing of our typed content
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      {anchors.map(({ partId, box, layer }) => {
        const part = byId.get(partId);
        if (!part) return null;
        return createPortal(
          <PartState
            part={part}
            box={box}
            view={views[partId]}
            controls={controls}
            board={{ running, transmitting }}
          />,
          layer,
          partId,
        );
      })}
    </>
  );
});
