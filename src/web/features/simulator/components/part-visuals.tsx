import type { CSSProperties, ReactNode } from 'react';
import type { PartView } from '#device/simulator/parts/part.ts';
import { ledColor, normalDegrees } from '../lib/part-look.ts';

/*
 * Each output part drawn alive, as SVG in a 48 × 48 box around (0, 0): the same drawing sits in
 * the part's box on the wiring diagram and on its card beside it. On the diagram it is still (a
 * change redraws the whole drawing, so nothing there animates on its own); on the card, what moves
 * (a wheel, sound waves, water) is a layer of its own that the compositor animates, off the page's
 * main thread. The site's reduced-motion rule stills those too; the state is always in words.
 */

type OutputView = Exclude<PartView, { kind: 'input' | 'passive' | 'lcd' | 'clock' }>;

function Led({ brightness, color }: { brightness: number; color: string }) {
  const lit = Math.min(1, Math.max(0, brightness));
  return (
    <g>
      <circle r="22" fill={color} opacity={lit * 0.28} />
      <circle r="15" fill={color} opacity={lit * 0.35} />
      <path d="M-9 8V-3a9 9 0 0 1 18 0V8Z" fill={color} fillOpacity={0.25 + lit * 0.75} />
      <rect x="-11" y="8" width="22" height="4" rx="1" fill={color} fillOpacity={0.35 + lit * 0.5} />
      <path d="M-4 12v9M4 12v7" className="sim-metal" />
      <ellipse cx="-3.5" cy="-3" rx="2" ry="4" fill="#fff" opacity={0.35 + lit * 0.4} />
    </g>
  );
}

function BuzzerBody() {
  return (
    <g>
      <circle cx="-5" r="13" className="sim-dark-part" />
      <circle cx="-5" r="8" fill="none" className="sim-dark-ring" />
      <circle cx="-5" r="2.5" className="sim-hole" />
    </g>
  );
}

function SoundWaves() {
  return (
    <g className="sim-waves">
      <path d="M12 -7a11 11 0 0 1 0 14" />
      <path d="M17 -12a18 18 0 0 1 0 24" />
    </g>
  );
}

function Relay({ closed }: { closed: boolean }) {
  return (
    <g>
      <rect x="-20" y="-14" width="40" height="28" rx="4" className="sim-relay-case" />
      <circle cx="-11" cy="5" r="3" className="sim-contact" />
      <circle cx="11" cy="5" r="3" className={closed ? 'sim-contact sim-contact-on' : 'sim-contact'} />
      <path d="M-11 5L9 -3" transform={closed ? 'rotate(22 -11 5)' : undefined} className="sim-lever" />
    </g>
  );
}

function PumpBody() {
  return (
    <g>
      <rect x="-18" y="-8" width="22" height="20" rx="5" className="sim-dark-part" />
      <path d="M4 -2h8v-8" className="sim-pipe" />
    </g>
  );
}

function Water() {
  return (
    <g>
      <path d="M12 -10v22" className="sim-water" />
      <path d="M12 16c-3 4 -3 6 0 6s3 -2 0 -6Z" className="sim-drop" />
    </g>
  );
}

function Wheel() {
  return (
    <g>
      <circle r="20" className="sim-tyre" />
      <circle r="13" className="sim-rim" />
      {[0, 72, 144, 216, 288].map((angle) => (
        <path key={angle} d="M0 -4V-12" transform={`rotate(${angle})`} className="sim-spoke" />
      ))}
      <circle r="4" className="sim-hub" />
    </g>
  );
}

function Direction({ speed }: { speed: number }) {
  return (
    <path
      d={speed > 0 ? 'M-9 -23a24 24 0 0 1 18 0l-3 -3m3 3l-4 2' : 'M9 -23a24 24 0 0 0 -18 0l3 -3m-3 3l4 2'}
      className="sim-direction"
    />
  );
}

const turning = (speed: number) => Math.abs(speed) >= 0.02;

/** An SG90-style servo from above: its horn points at the angle, 0° right, 90° up, 180° left. */
function Servo({ angle }: { angle: number }) {
  const clamped = Math.min(180, Math.max(0, angle));
  return (
    <g>
      <path d="M-20 8A20 20 0 0 1 20 8" className="sim-scale" />
      <rect x="-14" y="4" width="28" height="14" rx="2" className="sim-servo-body" />
      <g transform={`rotate(${-clamped} 0 8)`}>
        <path d="M0 8H18" className="sim-horn-outline" />
        <path d="M0 8H18" className="sim-horn" />
        <circle cx="18" cy="8" r="2.5" className="sim-horn-tip" />
      </g>
      <circle cy="8" r="4" className="sim-hub" />
    </g>
  );
}

/** The stepper's shaft seen end on, a mark on it at its angle (clockwise from the top). */
function Stepper({ angle }: { angle: number }) {
  return (
    <g>
      <circle r="20" className="sim-dark-part" />
      {[0, 90, 180, 270].map((tick) => (
        <path key={tick} d="M0 -20v4" transform={`rotate(${tick})`} className="sim-tick" />
      ))}
      <g transform={`rotate(${normalDegrees(angle)})`}>
        <path d="M0 0V-14" className="sim-pointer" />
      </g>
      <circle r="4" className="sim-hub" />
    </g>
  );
}

/** The part as it is now, still: for the wiring diagram. */
export function PartVisual({ view, label }: { view: OutputView; label: string }) {
  switch (view.kind) {
    case 'led':
      return <Led brightness={view.brightness} color={ledColor(label)} />;
    case 'buzzer':
      return (
        <g>
          <BuzzerBody />
          {view.sounding ? <SoundWaves /> : null}
        </g>
      );
    case 'relay':
      return <Relay closed={view.closed} />;
    case 'pump':
      return (
        <g>
          <PumpBody />
          {view.running ? <Water /> : null}
        </g>
      );
    case 'motor':
      return (
        <g>
          <Wheel />
          {turning(view.speed) ? <Direction speed={view.speed} /> : null}
        </g>
      );
    case 'servo':
      return <Servo angle={view.angle} />;
    case 'stepper':
      return <Stepper angle={view.angle} />;
  }
}

/** One drawing in the icon's box; `className` animates it as a whole, on a layer of its own. */
function Layer({ children, className, style }: { children: ReactNode; className?: string; style?: CSSProperties }) {
  return (
    <svg viewBox="-25 -25 50 50" className={className} style={style} aria-hidden="true">
      {children}
    </svg>
  );
}

/** An output's drawing at icon size, for its card: what moves, moves. */
export function PartIcon({ view, label }: { view: OutputView; label: string }) {
  let layers: ReactNode;
  if (view.kind === 'motor' && turning(view.speed)) {
    const spin = {
      '--sim-spin': `${(0.35 / Math.max(Math.min(1, Math.abs(view.speed)), 0.05)).toFixed(2)}s`,
      animationDirection: view.speed < 0 ? 'reverse' : 'normal',
    } as CSSProperties;
    layers = (
      <>
        <Layer className="sim-spinning" style={spin}>
          <Wheel />
        </Layer>
        <Layer>
          <Direction speed={view.speed} />
        </Layer>
      </>
    );
  } else if (view.kind === 'buzzer' && view.sounding) {
    layers = (
      <>
        <Layer>
          <BuzzerBody />
        </Layer>
        <Layer className="sim-blinking">
          <SoundWaves />
        </Layer>
      </>
    );
  } else if (view.kind === 'pump' && view.running) {
    layers = (
      <>
        <Layer>
          <PumpBody />
        </Layer>
        <Layer className="sim-dripping">
          <Water />
        </Layer>
      </>
    );
  } else {
    layers = (
      <Layer>
        <PartVisual view={view} label={label} />
      </Layer>
    );
  }
  return <span className="sim-icon">{layers}</span>;
}

export type { OutputView };
