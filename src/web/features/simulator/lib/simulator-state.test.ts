import { describe, expect, it } from 'vitest';
import { commandSchema, type SimulatorFrame, workerMessageSchema } from './protocol.ts';
import { INITIAL_SIMULATOR_STATE, type SimulatorAction, sameViews, simulatorReducer } from './simulator-state.ts';

const frame = (over: Partial<SimulatorFrame> = {}): SimulatorFrame => ({
  type: 'frame',
  running: true,
  millis: 1000,
  speed: 1,
  capacity: 3,
  views: { pump: { kind: 'pump', running: false }, soil: { kind: 'input' } },
  serial: '',
  baudRate: 9615,
  ...over,
});

const ready = {
  type: 'ready',
  controls: [
    {
      partId: 'soil',
      control: {
        type: 'slider',
        key: 'moisture',
        label: 'Soil moisture sensor',
        min: 0,
        max: 100,
        step: 1,
        unit: '%',
        value: 20,
      },
    },
  ],
} as const;

const reduce = (...actions: SimulatorAction[]) => actions.reduce(simulatorReducer, INITIAL_SIMULATOR_STATE);
const message = (data: unknown): SimulatorAction => {
  const parsed = workerMessageSchema.parse(data);
  return { type: 'message', message: parsed };
};

describe('the messages between the page and the simulator worker', () => {
  it('parses every command the page sends, and refuses what is not one', () => {
    for (const command of [
      {
        type: 'start',
        slug: 'plant-watering-robot',
        program: { hexUrl: '/sketches/plant-watering-robot.hex' },
        startTime: 0,
      },
      {
        type: 'start',
        slug: 'plant-watering-robot',
        program: { hex: ':00000001FF\n', clock: { millis: 0x13a, overflowCount: 0x136 } },
        startTime: 0,
      },
      { type: 'pause' },
      { type: 'resume' },
      { type: 'reset' },
      { type: 'set', partId: 'soil', key: 'moisture', value: 5 },
      { type: 'send', line: 'hello' },
      { type: 'skip', ms: 60_000 },
    ]) {
      expect(commandSchema.parse(command)).toEqual(command);
    }
    for (const bad of [
      null,
      'pause',
      { type: 'start', slug: '../etc', program: { hexUrl: '/x.hex' }, startTime: 0 },
      { type: 'start', slug: 'x', program: { hexUrl: 'https://elsewhere.example/x.hex' }, startTime: 0 },
      { type: 'start', slug: 'x', program: { hexUrl: '//elsewhere.example/sketches/x.hex' }, startTime: 0 },
      { type: 'start', slug: 'x', hexUrl: '/sketches/x.hex', startTime: 0 },
      { type: 'start', slug: 'x', program: { hex: ':00000001FF', clock: { millis: 3 } }, startTime: 0 },
      { type: 'set', partId: 'soil', key: 'moisture', value: '5' },
      { type: 'send', line: 'x'.repeat(257) },
      { type: 'skip', ms: -1 },
      { type: 'skip', ms: 10 * 3_600_000 },
      { type: 'explode' },
    ]) {
      expect(commandSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("parses the worker's messages, every part view among them, and refuses a view it does not know", () => {
    const views = {
      led: { kind: 'led', brightness: 0.5 },
      buzzer: { kind: 'buzzer', sounding: true },
      relay: { kind: 'relay', closed: true },
      pump: { kind: 'pump', running: true },
      motor: { kind: 'motor', speed: -0.4 },
      servo: { kind: 'servo', angle: 90 },
      stepper: { kind: 'stepper', angle: 45, steps: 256 },
      lcd: { kind: 'lcd', lines: ['Temp: 24 C', 'Hum: 40 %'], backlight: true },
      clock: { kind: 'clock', time: '2026-11-25 08:00:00' },
      soil: { kind: 'input' },
      rail: { kind: 'passive' },
    };
    expect(workerMessageSchema.parse(frame({ views } as Partial<SimulatorFrame>))).toEqual(
      frame({ views } as Partial<SimulatorFrame>),
    );
    expect(workerMessageSchema.parse(ready)).toEqual(ready);
    expect(workerMessageSchema.parse({ type: 'restarted' })).toEqual({ type: 'restarted' });
    expect(workerMessageSchema.parse({ type: 'error', reason: 'load', message: 'x' })).toMatchObject({
      reason: 'load',
    });
    expect(workerMessageSchema.safeParse(frame({ views: { x: { kind: 'laser' } } } as never)).success).toBe(false);
    expect(workerMessageSchema.safeParse({ type: 'frame' }).success).toBe(false);
  });
});

describe("the page's state of the simulator", () => {
  it('starts, then runs with the controls the board offers and what each frame shows', () => {
    const state = reduce(message(ready), message(frame({ serial: 'Plant Watering Robot ready\r\n' })));
    expect(state).toMatchObject({
      status: 'running',
      millis: 1000,
      speed: 1,
      capacity: 3,
      baudRate: 9615,
      transmitting: true,
      printed: true,
    });
    expect(state.controls).toEqual(ready.controls);
    expect(state.serial.text).toBe('Plant Watering Robot ready\n');
    expect(reduce(message(ready)).status).toBe('starting');
  });

  it('keeps the views it has when a frame shows the same (what draws the parts need not render again)', () => {
    const first = reduce(message(ready), message(frame()));
    const same = simulatorReducer(first, message(frame({ millis: 1033 })));
    expect(same.views).toBe(first.views);
    expect(same.millis).toBe(1033);
    const changed = simulatorReducer(
      same,
      message(frame({ views: { pump: { kind: 'pump', running: true }, soil: { kind: 'input' } } })),
    );
    expect(changed.views).not.toBe(first.views);
    expect(
      sameViews(
        { lcd: { kind: 'lcd', lines: ['a', 'b'], backlight: true } },
        { lcd: { kind: 'lcd', lines: ['a', 'b'], backlight: true } },
      ),
    ).toBe(true);
    expect(
      sameViews(
        { lcd: { kind: 'lcd', lines: ['a', 'b'], backlight: true } },
        { lcd: { kind: 'lcd', lines: ['a', 'c'], backlight: true } },
      ),
    ).toBe(false);
    expect(sameViews({ a: { kind: 'led', brightness: 0.5 } }, { b: { kind: 'led', brightness: 0.5 } })).toBe(false);
  });

  it("shows the learner's move at once, before the board answers", () => {
    const state = reduce(message(ready), { type: 'set', partId: 'soil', key: 'moisture', value: 5 });
    expect(state.controls[0]?.control.value).toBe(5);
  });

  it('is paused when the frames say so, and its TX light goes out when nothing is sent', () => {
    const state = reduce(
      message(ready),
      message(frame({ serial: 'x' })),
      message(frame({ running: false, speed: null })),
    );
    expect(state).toMatchObject({ status: 'paused', transmitting: false, printed: true, speed: null });
  });

  it('clears the monitor on a reset, and keeps it paused if the learner paused it', () => {
    const state = reduce(
      message(ready),
      message(frame({ serial: 'one\n' })),
      { type: 'serial', change: 'pause' },
      message(frame({ serial: 'two\n' })),
      message({ type: 'restarted' }),
    );
    expect(state.serial).toEqual({ text: '', held: '', paused: true });
    expect(state).toMatchObject({ millis: 0, printed: false });
    const resumed = simulatorReducer(state, { type: 'serial', change: 'resume' });
    expect(simulatorReducer(resumed, message(frame({ serial: 'again\n' }))).serial.text).toBe('again\n');
  });

  it('stops on an error, ignores frames after it, and runs again after the reset that boots a fresh board', () => {
    const failed = reduce(message(ready), message({ type: 'error', reason: 'run', message: 'bad opcode' }));
    expect(failed).toMatchObject({ status: 'error', error: { reason: 'run', message: 'bad opcode' } });
    expect(simulatorReducer(failed, message(frame()))).toBe(failed);
    const again = [message({ type: 'restarted' }), message(ready), message(frame())].reduce(simulatorReducer, failed);
    expect(again).toMatchObject({ status: 'running', error: null });
  });

  it('fails when the worker does, and a retry starts from scratch', () => {
    const failed = reduce(message(ready), { type: 'worker-failed', message: 'The simulator could not start.' });
    expect(failed).toMatchObject({ status: 'error', error: { reason: 'worker' } });
    expect(simulatorReducer(failed, { type: 'starting' })).toEqual(INITIAL_SIMULATOR_STATE);
  });
});
