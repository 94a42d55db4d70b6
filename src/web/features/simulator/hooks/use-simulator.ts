import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { hexUrlOf, type SimulatorCommand, type SimulatorProgram, workerMessageSchema } from '../lib/protocol.ts';
import { INITIAL_SIMULATOR_STATE, type SimulatorState, simulatorReducer } from '../lib/simulator-state.ts';

/**
 * Performance marks bench/simulator.ts reads, with `simulator:run` (Run pressed, in the projects
 * feature): the board's first frame, and its first serial text.
 */
export const RUNNING_MARK = 'simulator:running';
export const FIRST_SERIAL_MARK = 'simulator:first-serial';

export interface SimulatorHandle {
  readonly state: SimulatorState;
  send(command: SimulatorCommand): void;
  /** The learner moved a control: shown at once, then sent to the board. */
  setControl(partId: string, key: string, value: number): void;
  pauseSerial(): void;
  resumeSerial(): void;
  clearSerial(): void;
  /** After an error: loads the program again on a new worker. */
  retry(): void;
}

/**
 * Starts a program on the tutorial's circuit in the simulator's worker (a new one per attempt, and
 * per program: the tutorial's by default, or the learner's compiled one) and keeps the page's state
 * of it; the worker is ended when the component goes.
 */
export function useSimulator(
  slug: string,
  learnerProgram?: Extract<SimulatorProgram, { hex: string }>,
): SimulatorHandle {
  const [state, dispatch] = useReducer(simulatorReducer, INITIAL_SIMULATOR_STATE);
  const [attempt, setAttempt] = useState(0);
  const worker = useRef<Worker | null>(null);
  // A new program is a new board; the same one again (a re-render) is not.
  const program = useMemo<SimulatorProgram>(() => learnerProgram ?? { hexUrl: hexUrlOf(slug) }, [learnerProgram, slug]);

  useEffect(() => {
    void attempt; // a retry is a new attempt: a new worker
    dispatch({ type: 'starting' });
    const created = new Worker(new URL('../lib/simulator.worker.ts', import.meta.url), {
      type: 'module',
      name: 'simulator',
    });
    worker.current = created;
    let framed = false;
    let printed = false;
    created.onmessage = (event: MessageEvent<unknown>) => {
      const parsed = workerMessageSchema.safeParse(event.data);
      if (!parsed.success) {
        dispatch({ type: 'worker-failed', message: 'The simulator sent a message the page cannot read.' });
        return;
      }
      const message = parsed.data;
      if (!framed && message.type === 'frame') {
        framed = true;
        performance.mark(RUNNING_MARK);
      }
      if (!printed && message.type === 'frame' && message.serial !== '') {
        printed = true;
        performance.mark(FIRST_SERIAL_MARK);
      }
      dispatch({ type: 'message', message });
    };
    // The worker's script did not load or threw while starting (offline before it was cached).
    created.onerror = (event) => {
      event.preventDefault();
      dispatch({ type: 'worker-failed', message: 'The simulator could not start.' });
    };
    const start: SimulatorCommand = { type: 'start', slug, program, startTime: Date.now() };
    created.postMessage(start);
    return () => {
      created.terminate();
      if (worker.current === created) worker.current = null;
    };
  }, [slug, program, attempt]);

  const send = useCallback((command: SimulatorCommand) => worker.current?.postMessage(command), []);
  const setControl = useCallback(
    (partId: string, key: string, value: number) => {
      dispatch({ type: 'set', partId, key, value });
      send({ type: 'set', partId, key, value });
    },
    [send],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const serial = useMemo(
    () => ({
      pauseSerial: () => dispatch({ type: 'serial', change: 'pause' }),
      resumeSerial: () => dispatch({ type: 'serial', change: 'resume' }),
      clearSerial: () => dispatch({ type: 'serial', change: 'clear' }),
    }),
    [],
  );
  return { state, send, setControl, retry, ...serial };
}
