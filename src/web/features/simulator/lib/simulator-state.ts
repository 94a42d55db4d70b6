import type { PartView } from '#device/simulator/parts/part.ts';
import {
  appendSerial,
  clearSerial,
  EMPTY_SERIAL_LOG,
  pauseSerial,
  resumeSerial,
  type SerialLog,
} from '#web/lib/serial-log.ts';
import type { ControlEntry, WorkerMessage } from './protocol.ts';

/*
 * What the page knows of the running simulator, from the worker's messages and the learner's own
 * moves: a pure reducer, so the page renders one state per frame.
 */

export interface SimulatorState {
  /** `starting` until the program runs; `error` when it could not be loaded or stopped. */
  readonly status: 'starting' | 'running' | 'paused' | 'error';
  readonly error: { readonly reason: 'load' | 'run' | 'worker'; readonly message: string } | null;
  /** The learner's controls, with the values the learner set (shown at once, sent to the board). */
  readonly controls: readonly ControlEntry[];
  readonly views: Readonly<Record<string, PartView>>;
  readonly millis: number;
  readonly speed: number | null;
  readonly capacity: number | null;
  readonly baudRate: number;
  readonly serial: SerialLog;
  /** The last frame carried serial text: the board's TX light is lit. */
  readonly transmitting: boolean;
  /** The board has printed something since power-on. */
  readonly printed: boolean;
}

export const INITIAL_SIMULATOR_STATE: SimulatorState = {
  status: 'starting',
  error: null,
  controls: [],
  views: {},
  millis: 0,
  speed: null,
  capacity: null,
  baudRate: 0,
  serial: EMPTY_SERIAL_LOG,
  transmitting: false,
  printed: false,
};

export type SimulatorAction =
  | { readonly type: 'message'; readonly message: WorkerMessage }
  /** The worker failed, or sent what the page cannot read. */
  | { readonly type: 'worker-failed'; readonly message: string }
  /** Starting again after an error (a retry): the state is new. */
  | { readonly type: 'starting' }
  | { readonly type: 'set'; readonly partId: string; readonly key: string; readonly value: number }
  | { readonly type: 'serial'; readonly change: 'pause' | 'resume' | 'clear' };

const SERIAL_CHANGES = { pause: pauseSerial, resume: resumeSerial, clear: clearSerial } as const;

export function simulatorReducer(state: SimulatorState, action: SimulatorAction): SimulatorState {
  switch (action.type) {
    case 'starting':
      return { ...INITIAL_SIMULATOR_STATE, serial: { ...EMPTY_SERIAL_LOG, paused: state.serial.paused } };
    case 'worker-failed':
      return { ...state, status: 'error', error: { reason: 'worker', message: action.message } };
    case 'set':
      return {
        ...state,
        controls: state.controls.map((entry) =>
          entry.partId === action.partId && entry.control.key === action.key
            ? { ...entry, control: { ...entry.control, value: action.value } }
            : entry,
        ),
      };
    case 'serial':
      return { ...state, serial: SERIAL_CHANGES[action.change](state.serial) };
    case 'message':
      return onMessage(state, action.message);
  }
}

function sameView(a: PartView, b: PartView): boolean {
  if (a.kind === 'lcd' && b.kind === 'lcd') {
    return (
      a.backlight === b.backlight && a.lines.length === b.lines.length && a.lines.every((l, i) => l === b.lines[i])
    );
  }
  const entries = Object.entries(a);
  const other = new Map(Object.entries(b));
  return entries.length === other.size && entries.every(([key, value]) => Object.is(value, other.get(key)));
}

/** Whether two frames' views show the same thing. */
export function sameViews(a: Readonly<Record<string, PartView>>, b: Readonly<Record<string, PartView>>): boolean {
  const ids = Object.keys(a);
  if (ids.length !== Object.keys(b).length) return false;
  return ids.every((id) => {
    const [left, right] = [a[id], b[id]];
    return left !== undefined && right !== undefined && sameView(left, right);
  });
}

function onMessage(state: SimulatorState, message: WorkerMessage): SimulatorState {
  switch (message.type) {
    case 'ready':
      // After a failed run, a reset boots a fresh board: its frames count again.
      return {
        ...state,
        controls: message.controls,
        error: null,
        status: state.status === 'error' ? 'starting' : state.status,
      };
    case 'restarted':
      return {
        ...state,
        millis: 0,
        speed: null,
        printed: false,
        transmitting: false,
        serial: { ...EMPTY_SERIAL_LOG, paused: state.serial.paused },
      };
    case 'error':
      return { ...state, status: 'error', error: { reason: message.reason, message: message.message } };
    case 'frame':
      if (state.status === 'error') return state;
      return {
        ...state,
        status: message.running ? 'running' : 'paused',
        // Most frames change no part: the same object lets what draws the parts skip rendering.
        views: sameViews(state.views, message.views) ? state.views : message.views,
        millis: message.millis,
        speed: message.speed,
        capacity: message.capacity ?? state.capacity,
        baudRate: message.baudRate,
        serial: appendSerial(state.serial, message.serial),
        transmitting: message.serial !== '',
        printed: state.printed || message.serial !== '',
      };
  }
}
