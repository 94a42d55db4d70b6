import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SimulatorCommand, SimulatorFrame, WorkerMessage } from '../lib/protocol.ts';
import SimulatorPanel from './simulator-panel.tsx';

/*
 * The panel's own decisions, with a stand-in for the simulator's Web Worker: which buttons it offers
 * when, what it sends the board, what it shows of the board's messages. The board itself (the
 * sketch running, a slider reaching it) is tested in simulator-runner.test.ts and tests/e2e/simulator.test.ts.
 */

/** The worker the panel starts: it keeps what the page sends, and `say` answers as the board would. */
class StandInWorker {
  static started: StandInWorker[] = [];
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly received: SimulatorCommand[] = [];
  terminated = false;
  constructor() {
    StandInWorker.started.push(this);
  }
  postMessage(command: SimulatorCommand) {
    this.received.push(command);
  }
  terminate() {
    this.terminated = true;
  }
  say(message: WorkerMessage) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: message })));
  }
}

const SLUG = 'medical-assistance-robot';
/** The TAKEN button, as the push-button model lists it (device/simulator/parts/inputs.ts). */
const READY: WorkerMessage = {
  type: 'ready',
  controls: [
    {
      partId: 'button',
      control: {
        type: 'switch',
        key: 'on',
        label: 'TAKEN button',
        onText: 'Pressed',
        offText: 'Released',
        momentary: true,
        value: 0,
      },
    },
  ],
};
/** The plant robot's soil sensor, as the sensor model lists it. */
const SOIL_READY: WorkerMessage = {
  type: 'ready',
  controls: [
    {
      partId: 'soil',
      control: { type: 'slider', key: 'moisture', label: 'Soil moisture sensor', min: 0, max: 100, step: 1, value: 20 },
    },
  ],
};
const frame = (changes: Partial<SimulatorFrame> = {}): SimulatorFrame => ({
  type: 'frame',
  running: true,
  millis: 1_000,
  speed: 1,
  capacity: 4,
  views: {},
  serial: '',
  baudRate: 9600,
  ...changes,
});

function worker(at = -1): StandInWorker {
  const found = StandInWorker.started.at(at);
  if (!found) throw new Error('the panel started no worker');
  return found;
}

/** A button by its whole name ("Pause", not "Pause the monitor"). */
const button = (name: string) => screen.getByRole('button', { name });
const panel = () => screen.getByRole('region', { name: 'Simulator' });

beforeEach(() => {
  StandInWorker.started = [];
  vi.stubGlobal('Worker', StandInWorker);
});
afterEach(() => vi.unstubAllGlobals());

describe('the simulator panel', () => {
  test('starts the tutorial’s program, takes the focus, and sends Pause, Run, Reset and the skips to the board', () => {
    render(<SimulatorPanel slug={SLUG} wiringSvg={undefined} />);
    expect(worker().received).toEqual([
      { type: 'start', slug: SLUG, program: { hexUrl: `/sketches/${SLUG}.hex` }, startTime: expect.any(Number) },
    ]);
    // It replaces the Run button pressed: the focus continues here, not at the top of the page.
    expect(document.activeElement).toBe(panel());
    expect(panel().getAttribute('data-sim-status')).toBe('starting');
    for (const name of ['Pause', 'Reset', 'Skip 10 s', 'Skip 1 min'])
      expect(button(name)).toHaveProperty('disabled', true);

    worker().say(READY);
    worker().say(frame({ serial: 'Medical Assistance Robot ready\n' }));
    expect(panel().getAttribute('data-sim-status')).toBe('running');
    expect(screen.getByRole('log', { name: 'Serial output' }).textContent).toBe('Medical Assistance Robot ready\n');

    fireEvent.click(button('Pause'));
    worker().say(frame({ running: false }));
    expect(panel().getAttribute('data-sim-status')).toBe('paused');
    fireEvent.click(button('Run'));
    fireEvent.click(button('Skip 1 min'));
    fireEvent.click(button('Skip 10 s'));
    fireEvent.click(button('Reset'));
    expect(worker().received.slice(1)).toEqual([
      { type: 'pause' },
      { type: 'resume' },
      { type: 'skip', ms: 60_000 },
      { type: 'skip', ms: 10_000 },
      { type: 'reset' },
    ]);
  });

  test('beside the inputs, a sketch’s long wait is told and can be skipped where the learner moves the sensors', () => {
    render(<SimulatorPanel slug="plant-watering-robot" wiringSvg={undefined} />);
    const inputs = () => screen.getByRole('region', { name: 'Your inputs' });
    worker().say(SOIL_READY);
    // Before the board answers it cannot skip.
    const wait = () => within(inputs()).getByRole('group', { name: 'Skip the wait' });
    for (const name of ['Skip the wait: 10 s', 'Skip the wait: 1 min'])
      expect(within(wait()).getByRole('button', { name })).toHaveProperty('disabled', true);
    worker().say(frame({ millis: 1_000 }));
    within(inputs()).getByText(/nothing happened\? The sketch may be waiting/);
    // A sensor moved and the board quiet for a while: it says how long, as the board counts it.
    fireEvent.change(within(inputs()).getByRole('slider'), { target: { value: '60' } });
    worker().say(frame({ millis: 3_500 }));
    expect(within(inputs()).queryByText(/No answer for/)).toBeNull();
    worker().say(frame({ millis: 5_200 }));
    within(inputs()).getByText('No answer for 4 s');
    // The sketch answers (it prints): the box goes back to its plain words.
    worker().say(frame({ millis: 5_400, serial: 'Soil: 60 (wet)\n' }));
    expect(within(inputs()).queryByText(/No answer for/)).toBeNull();
    fireEvent.click(within(wait()).getByRole('button', { name: 'Skip the wait: 10 s' }));
    fireEvent.click(within(wait()).getByRole('button', { name: 'Skip the wait: 1 min' }));
    expect(worker().received.filter((command) => command.type === 'skip')).toEqual([
      { type: 'skip', ms: 10_000 },
      { type: 'skip', ms: 60_000 },
    ]);
  });

  test('its serial monitor holds the board’s lines while paused, and clears', () => {
    render(<SimulatorPanel slug={SLUG} wiringSvg={undefined} />);
    const output = screen.getByRole('log', { name: 'Serial output' });
    worker().say(READY);
    worker().say(frame({ serial: 'dose 1\n' }));
    fireEvent.click(button('Pause the monitor'));
    worker().say(frame({ serial: 'dose 2\n' }));
    expect(output.textContent).toBe('dose 1\n');
    screen.getByText('Paused · 1 new line waiting');
    fireEvent.click(button('Resume the monitor'));
    expect(output.textContent).toBe('dose 1\ndose 2\n');
    fireEvent.click(button('Clear the monitor'));
    expect(output.textContent).toBe('Nothing printed yet.');
  });

  test('a push button is held while pressed, by keyboard and by pointer, and released when let go', () => {
    render(<SimulatorPanel slug={SLUG} wiringSvg={undefined} />);
    worker().say(READY);
    worker().say(frame());
    const taken = button('TAKEN button');
    const sent = () => worker().received.filter((command) => command.type === 'set');
    expect(taken.getAttribute('aria-pressed')).toBe('false');

    fireEvent.keyDown(taken, { key: ' ' });
    expect(taken.getAttribute('aria-pressed')).toBe('true');
    // A held key repeats: still one press.
    fireEvent.keyDown(taken, { key: ' ', repeat: true });
    fireEvent.keyUp(taken, { key: ' ' });
    expect(taken.getAttribute('aria-pressed')).toBe('false');

    fireEvent.pointerDown(taken, { button: 0, pointerId: 1 });
    expect(taken.getAttribute('aria-pressed')).toBe('true');
    fireEvent.pointerUp(taken, { button: 0, pointerId: 1 });
    expect(taken.getAttribute('aria-pressed')).toBe('false');

    const press = (value: number) => ({ type: 'set', partId: 'button', key: 'on', value });
    expect(sent()).toEqual([press(1), press(0), press(1), press(0)]);
  });

  test('says when the robot’s program did not load, and Try again starts it on a new worker', () => {
    render(<SimulatorPanel slug={SLUG} wiringSvg={undefined} />);
    const first = worker();
    first.say({ type: 'error', reason: 'load', message: 'Failed to fetch' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This robot’s program did not load.');
    expect(panel().getAttribute('data-sim-status')).toBe('error');
    expect(screen.getByRole('status').textContent).toBe('Stopped');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(first.terminated).toBe(true);
    expect(StandInWorker.started).toHaveLength(2);
    expect(worker().received).toEqual([expect.objectContaining({ type: 'start', slug: SLUG })]);
    worker().say(READY);
    worker().say(frame({ serial: 'Medical Assistance Robot ready\n' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('log', { name: 'Serial output' }).textContent).toBe('Medical Assistance Robot ready\n');
  });
});
