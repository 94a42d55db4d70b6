import { FastForward, Pause, Play, RotateCcw, ScanSearch } from 'lucide-react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { findCircuit } from '#shared/content/circuits.ts';
import { BOARD_NAMES } from '#shared/content/projects.ts';
import type { WiringPart } from '#shared/content/tutorials.ts';
import { SerialMonitor } from '#web/components/serial-monitor.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { setBuzzerSounding } from '#web/lib/buzzer.ts';
import { cn } from '#web/lib/cn.ts';
import { nominalBaudRate } from '#web/lib/serial-log.ts';
import { useSimulator } from '../hooks/use-simulator.ts';
import { awaitsModel, formatSimTime, spokenSimTime } from '../lib/part-look.ts';
import type { SimulatorState } from '../lib/simulator-state.ts';
import { LiveDiagram } from './live-diagram.tsx';
import { PartControls } from './part-controls.tsx';
import { PartOutputs } from './part-outputs.tsx';

export interface SimulatorPanelProps {
  /** The circuit: a tutorial's slug, or the trainer board's (`trainer`, shared/content/circuits.ts). */
  slug: string;
  /** The tutorial's wiring diagram (build-time SVG); undefined while it loads. */
  wiringSvg: string | undefined;
  /** The learner's own program (their edited sketch, compiled), run instead of the tutorial's. */
  program?: { readonly hex: string; readonly clock: { readonly millis: number; readonly overflowCount: number } };
}

/** The sketches' long waits (a gas sensor's warm-up, a soak, the night) end sooner with these. */
const SKIPS = [
  { ms: 10_000, text: '10 s' },
  { ms: 60_000, text: '1 min' },
] as const;

const STATUS_TEXT: Record<SimulatorState['status'], string> = {
  starting: 'Starting…',
  running: 'Running',
  paused: 'Paused',
  error: 'Stopped',
};

function StatusPill({ status }: { status: SimulatorState['status'] }) {
  return (
    <p className="sim-status" data-status={status}>
      <span className="sim-status-dot" aria-hidden="true" />
      <span role="status">{STATUS_TEXT[status]}</span>
    </p>
  );
}

function Readout({ label, value, spoken, warn }: { label: string; value: string; spoken?: string; warn?: boolean }) {
  return (
    <p className="flex items-baseline gap-1.5">
      <span className="label-mono text-[0.68rem] text-muted">{label}</span>
      <span
        className={cn('font-mono text-sm font-semibold tabular-nums', warn && 'text-amber-700 dark:text-amber-300')}
        aria-hidden={spoken ? 'true' : undefined}
      >
        {value}
      </span>
      {spoken ? <span className="sr-only">{spoken}</span> : null}
    </p>
  );
}

function ErrorBar({ error, onRetry, onReset }: { error: SimulatorState['error']; onRetry(): void; onReset(): void }) {
  if (!error) return null;
  const [text, action, act] =
    error.reason === 'load'
      ? ['This robot’s program did not load. Check your connection, then try again.', 'Try again', onRetry]
      : error.reason === 'run'
        ? [`The simulation stopped: ${error.message}`, 'Reset the board', onReset]
        : ['The simulator could not start. Reload the page, or try again.', 'Try again', onRetry];
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-border bg-surface-2/60 px-4 py-3">
      <p className="flex-1 text-sm font-semibold">{text}</p>
      <Button variant="secondary" size="sm" onClick={act}>
        <RotateCcw aria-hidden="true" /> {action}
      </Button>
    </div>
  );
}

/** Simulated time without an answer after which the learner is told the sketch may be in a wait. */
const QUIET_MS = 3_000;

/**
 * How long (simulated ms) the board has shown nothing new (no part changed, nothing printed) since
 * the learner last moved an input; null until they move one, and once the sketch answers.
 */
function useQuietSinceInput(state: SimulatorState): [number | null, () => void] {
  const [movedAt, setMovedAt] = useState<number | null>(null);
  const now = useRef(state.millis);
  now.current = state.millis;
  // A part that changes or a line printed is the sketch answering (both keep their identity otherwise).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is a change of either
  useEffect(() => setMovedAt(null), [state.views, state.serial]);
  const moved = useCallback(() => setMovedAt(now.current), []);
  return [movedAt === null ? null : Math.max(0, state.millis - movedAt), moved];
}

/**
 * Beside the inputs: a sketch in a long wait (a delay(), a soak) answers a moved sensor only when the
 * wait is over, which in real time can be a minute of nothing. Says so once the board has been quiet
 * for a while since the move, and Skip ends the wait where the learner is looking.
 */
function SkipTheWait({
  disabled,
  quietMs,
  onSkip,
}: {
  disabled: boolean;
  /** Simulated time since the learner moved an input without an answer; null: nothing to wait for. */
  quietMs: number | null;
  onSkip: (ms: number) => void;
}) {
  const quiet = quietMs !== null && quietMs >= QUIET_MS;
  return (
    <div className="sim-skip-wait" data-quiet={quiet || undefined}>
      <p className={cn('text-sm', quiet ? 'text-text' : 'text-muted')}>
        {quiet ? (
          <>
            <strong className="font-semibold">No answer for {Math.floor(quietMs / 1000)} s</strong> since you moved it:
            the sketch is probably waiting (a <code>delay()</code>), in real time. Skip the wait.
          </>
        ) : (
          <>
            Moved a sensor and nothing happened? The sketch may be waiting (a <code>delay()</code>), in real time: skip
            the wait.
          </>
        )}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset */}
      <div role="group" aria-label="Skip the wait" className="mt-2 flex flex-wrap items-center gap-1.5">
        {SKIPS.map((skip) => (
          <Button key={skip.ms} size="sm" variant="secondary" disabled={disabled} onClick={() => onSkip(skip.ms)}>
            <FastForward aria-hidden="true" />
            <span className="sr-only">Skip the wait: </span>
            {skip.text}
          </Button>
        ))}
      </div>
    </div>
  );
}

function ControlsSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {[70, 45].map((width) => (
        <div key={width} className="flex flex-col gap-2">
          <span className="skeleton h-4 rounded" style={{ width: `${width}%` }} />
          <span className="skeleton h-2.5 rounded-full" />
        </div>
      ))}
    </div>
  );
}

const partsOf = (slug: string): readonly WiringPart[] => findCircuit(slug)?.parts ?? [];

/**
 * The live diagram, fitted to its column. On a phone that makes it small: Zoom draws it at the
 * size the page's diagram starts at, to pan sideways, opened on the parts' column.
 */
const DiagramStage = memo(function DiagramStage({
  wiringSvg,
  parts,
  views,
  controls,
  running,
  transmitting,
}: {
  wiringSvg: string | undefined;
  parts: readonly WiringPart[];
  views: SimulatorState['views'];
  controls: SimulatorState['controls'];
  running: boolean;
  transmitting: boolean;
}) {
  const [zoomed, setZoomed] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = scroller.current;
    if (zoomed && box) box.scrollLeft = box.scrollWidth - box.clientWidth;
  }, [zoomed]);
  return (
    <div className="sim-stage bg-blueprint border-b border-border p-3 sm:p-4 lg:border-r lg:border-b-0">
      <div className="mb-2 flex items-center justify-between gap-2 lg:hidden">
        <p className="text-xs text-muted">{zoomed ? 'Swipe sideways to see all of it.' : ''}</p>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={zoomed}
          disabled={!wiringSvg}
          onClick={() => setZoomed((on) => !on)}
          className="aria-pressed:bg-accent-soft"
        >
          <ScanSearch aria-hidden="true" /> Zoom<span className="sr-only"> the diagram</span>
        </Button>
      </div>
      <div
        ref={scroller}
        className={cn(zoomed && 'sim-zoomed overflow-x-auto')}
        {...(zoomed ? { role: 'region', 'aria-label': 'The wiring diagram, zoomed', tabIndex: 0 } : {})}
      >
        {wiringSvg ? (
          <LiveDiagram
            svg={wiringSvg}
            parts={parts}
            views={views}
            controls={controls}
            running={running}
            transmitting={transmitting}
          />
        ) : (
          <div className="skeleton sim-diagram-skeleton rounded-xl" aria-hidden="true" />
        )}
      </div>
      <p className="mt-2 text-center text-xs text-muted">
        The wiring diagram, alive: parts light up, turn and sound as the sketch drives them.
      </p>
    </div>
  );
});

/**
 * The tutorial's own program on a simulated board, wired as its diagram: the diagram alive, the
 * learner's inputs beside it, the outputs, and the serial monitor. The board runs in a Web Worker
 * (lib/simulator.worker.ts); this only draws its frames and sends the learner's moves.
 */
export default function SimulatorPanel({ slug, wiringSvg, program }: SimulatorPanelProps) {
  const simulator = useSimulator(slug, program);
  const { state, send } = simulator;
  const circuit = findCircuit(slug);
  const parts = partsOf(slug);
  const boardName = circuit ? BOARD_NAMES[circuit.board] : 'Arduino';
  const live = state.status === 'running' || state.status === 'paused';
  const sendLine = useCallback((line: string) => send({ type: 'send', line }), [send]);

  const sounding =
    state.status === 'running' && Object.values(state.views).some((view) => view.kind === 'buzzer' && view.sounding);
  // The site's sound feature plays it (lib/buzzer.ts), muted with the rest.
  useEffect(() => setBuzzerSounding(sounding), [sounding]);
  useEffect(() => () => setBuzzerSounding(false), []);

  // It replaces the Run button the learner pressed: focus continues here, not at the top of the page.
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      root.current?.focus({ preventScroll: true });
    }
  }, []);

  const [quietMs, inputMoved] = useQuietSinceInput(state);

  const awaiting = parts.filter((part) => awaitsModel(part.kind, state.views[part.id]));
  const slow = state.speed !== null && state.speed < 0.9;
  // Said once it happens, at the panel's foot, so the speed wavering about the line moves nothing.
  const [fellBehind, setFellBehind] = useState(false);
  useEffect(() => {
    if (slow) setFellBehind(true);
  }, [slow]);
  return (
    <section
      ref={root}
      tabIndex={-1}
      aria-label="Simulator"
      className="sim-panel tray overflow-hidden"
      data-simulator=""
      data-sim-status={state.status}
      data-sim-millis={Math.round(state.millis)}
      data-sim-speed={state.speed?.toFixed(3) ?? ''}
      data-sim-capacity={state.capacity?.toFixed(3) ?? ''}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface-2/50 px-3 py-2.5 sm:px-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <StatusPill status={state.status} />
          <Readout
            label="Time"
            value={formatSimTime(state.millis)}
            spoken={`${spokenSimTime(state.millis)} since power-on`}
          />
          <Readout
            label="Speed"
            value={state.speed === null ? '—' : `${state.speed.toFixed(2)}×`}
            warn={slow}
            spoken={state.speed === null ? 'not measured yet' : `${state.speed.toFixed(2)} times real time`}
          />
        </div>
        <div className="flex flex-wrap items-center gap-1.5 sm:ml-auto">
          {state.status === 'paused' ? (
            <Button size="sm" onClick={() => send({ type: 'resume' })}>
              <Play aria-hidden="true" /> Run
            </Button>
          ) : (
            <Button size="sm" variant="secondary" disabled={!live} onClick={() => send({ type: 'pause' })}>
              <Pause aria-hidden="true" /> Pause
            </Button>
          )}
          <Button size="sm" variant="secondary" disabled={!live} onClick={() => send({ type: 'reset' })}>
            <RotateCcw aria-hidden="true" /> Reset
          </Button>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset */}
          <div role="group" aria-label="Skip ahead" className="flex items-center gap-1">
            <span className="label-mono pl-1 text-[0.68rem] text-muted" aria-hidden="true">
              Skip
            </span>
            {SKIPS.map((skip) => (
              <Button
                key={skip.ms}
                size="sm"
                variant="ghost"
                disabled={!live}
                onClick={() => send({ type: 'skip', ms: skip.ms })}
                className="px-2.5"
              >
                <FastForward aria-hidden="true" />
                <span className="sr-only">Skip </span>
                {skip.text}
              </Button>
            ))}
          </div>
        </div>
      </div>
      <ErrorBar error={state.error} onRetry={simulator.retry} onReset={() => send({ type: 'reset' })} />

      <div className="grid grid-cols-1 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
        <DiagramStage
          wiringSvg={wiringSvg}
          parts={parts}
          views={state.views}
          controls={state.controls}
          running={state.status === 'running'}
          transmitting={state.transmitting}
        />
        <div className="flex flex-col gap-6 p-4 sm:p-5">
          <section aria-labelledby="sim-inputs-heading">
            <h3 id="sim-inputs-heading" className="font-display text-base font-semibold">
              Your inputs
            </h3>
            <p className="mb-3 text-sm text-muted">Play the world around the robot: move what its sensors sense.</p>
            {state.controls.length > 0 ? (
              <>
                <PartControls
                  controls={state.controls}
                  disabled={!live}
                  onChange={(partId, key, value) => {
                    inputMoved();
                    simulator.setControl(partId, key, value);
                  }}
                />
                <SkipTheWait disabled={!live} quietMs={quietMs} onSkip={(ms) => send({ type: 'skip', ms })} />
              </>
            ) : state.status === 'starting' ? (
              <ControlsSkeleton />
            ) : (
              <p className="text-sm text-muted">This robot has no sensors to move.</p>
            )}
          </section>
          <section aria-labelledby="sim-outputs-heading">
            <h3 id="sim-outputs-heading" className="mb-3 font-display text-base font-semibold">
              What the robot does
            </h3>
            {live || Object.keys(state.views).length > 0 ? (
              <PartOutputs parts={parts} views={state.views} />
            ) : (
              <ControlsSkeleton />
            )}
            {awaiting.length > 0 && live ? (
              <p className="mt-3 text-sm text-muted">
                Drawn but not simulated yet: {awaiting.map((part) => part.label).join(', ')}.
              </p>
            ) : null}
          </section>
        </div>
      </div>

      <SerialMonitor
        className="border-t border-border"
        log={state.serial}
        baudRate={nominalBaudRate(state.baudRate)}
        onPause={simulator.pauseSerial}
        onResume={simulator.resumeSerial}
        onClear={simulator.clearSerial}
        onSend={live ? sendLine : undefined}
        placeholder={state.status === 'starting' ? 'Waiting for the board…' : 'Nothing printed yet.'}
      />
      <p className="border-t border-border bg-surface-2/40 px-4 py-3 text-sm text-muted">
        {program
          ? `The simulator runs your version of the sketch, compiled for the ${boardName}, on a simulated board wired as the diagram shows.`
          : `The simulator runs the sketch shown on this page, compiled for the ${boardName}, on a simulated board wired as the diagram shows. To change it, press Edit the code.`}{' '}
        <strong className="font-semibold text-text">Skip</strong> moves the sketch’s clock on, so its long waits (a
        sensor warming up, water soaking in) end sooner.
        {fellBehind ? ' This device runs the board slower than real time: its waits take longer than written.' : null}
      </p>
    </section>
  );
}
