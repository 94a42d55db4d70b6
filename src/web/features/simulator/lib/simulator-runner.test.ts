import { describe, expect, it } from 'vitest';
import { simulate } from '#test/sketch-program.ts';
import { FRAME_INTERVAL_MS, SLICE_MS, TURN_BUDGET_MS } from './pacing.ts';
import type { SimulatorCommand, SimulatorFrame, WorkerMessage } from './protocol.ts';
import { type RunnerHost, SimulatorRunner } from './simulator-runner.ts';

const SLUG = 'plant-watering-robot';

/**
 * The worker's world, faked: a wall clock that moves only when the simulation runs (by `cost` wall
 * ms per simulated ms: 0.25 is a device four times faster than real time) or when the test waits;
 * a queue for `soon` and timers for `later`; the real plant robot's program on a real Simulation.
 */
function harness(options: { cost?: number; fetchFails?: boolean; bootFails?: boolean } = {}) {
  let now = 0;
  const soon: (() => void)[] = [];
  const timers: { at: number; task: () => void; cancelled: boolean }[] = [];
  const messages: WorkerMessage[] = [];
  const fetched: string[] = [];
  /** The wall time each turn took: a turn must let messages in after TURN_BUDGET_MS. */
  const turns: number[] = [];
  let fetchFails = options.fetchFails ?? false;
  const host: RunnerHost = {
    now: () => now,
    post: (message) => messages.push(message),
    soon: (task) => soon.push(task),
    later: (task, ms) => {
      const timer = { at: now + ms, task, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    fetchProgram: async (url) => {
      fetched.push(url);
      if (fetchFails) throw new Error('Failed to fetch');
      return ':00000001FF';
    },
    createSimulation: (slug, _hex, startTime) => {
      if (options.bootFails) throw new Error('bad program');
      const sim = simulate(slug, { startTime });
      const run = sim.run.bind(sim);
      sim.run = (ms) => {
        run(ms);
        now += ms * (options.cost ?? 0.25);
      };
      return sim;
    },
  };
  const runner = new SimulatorRunner(host);
  /** Lets `ms` of wall time pass, running what falls due, in order. */
  const wait = (ms: number) => {
    const until = now + ms;
    while (now < until) {
      const task = soon.shift();
      if (task) {
        const started = now;
        task();
        turns.push(now - started);
        continue;
      }
      const due = timers.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at)[0];
      if (!due || due.at > until) break;
      due.cancelled = true;
      now = Math.max(now, due.at);
      const started = now;
      due.task();
      turns.push(now - started);
    }
    now = Math.max(now, until);
  };
  const frames = () => messages.filter((m): m is SimulatorFrame => m.type === 'frame');
  const lastFrame = () => {
    const frame = frames().at(-1);
    if (!frame) throw new Error('no frame yet');
    return frame;
  };
  const serial = () =>
    messages
      .filter((m) => m.type === 'frame' || m.type === 'restarted')
      .reduce((text, m) => (m.type === 'restarted' ? '' : text + (m.type === 'frame' ? m.serial : '')), '');
  const send = (command: SimulatorCommand) => runner.handle(command);
  const start = async () => {
    send({ type: 'start', slug: SLUG, program: { hexUrl: `/sketches/${SLUG}.hex` }, startTime: 0 });
    await Promise.resolve();
    await Promise.resolve();
  };
  return {
    messages,
    fetched,
    turns,
    wait,
    frames,
    lastFrame,
    serial,
    send,
    start,
    now: () => now,
    failFetch: (fails: boolean) => {
      fetchFails = fails;
    },
  };
}

describe('the simulator worker', () => {
  it('loads the program, says which controls the board has, and runs it at real time on a fast device', async () => {
    const h = harness({ cost: 0.25 });
    await h.start();
    expect(h.fetched).toEqual([`/sketches/${SLUG}.hex`]);
    expect(h.messages[0]).toEqual({
      type: 'ready',
      controls: [
        {
          partId: 'soil',
          control: expect.objectContaining({
            type: 'slider',
            key: 'moisture',
            label: 'Soil moisture sensor',
            unit: '%',
          }),
        },
      ],
    });
    h.wait(1500);
    const frame = h.lastFrame();
    expect(frame.running).toBe(true);
    // The last frame is at most a frame's interval old.
    expect(frame.millis).toBeGreaterThan(1500 - FRAME_INTERVAL_MS - 2 * SLICE_MS);
    expect(frame.millis).toBeLessThanOrEqual(1500 + SLICE_MS);
    expect(frame.speed).toBeCloseTo(1, 1);
    expect(frame.capacity).toBeCloseTo(4, 0);
    expect(frame.baudRate).toBe(9615);
    expect(frame.views.relay).toEqual({ kind: 'relay', closed: true });
    expect(h.serial()).toContain('Plant Watering Robot ready\r\n');
    // About 30 frames a second (the worker looks at the time a slice at a time).
    expect(h.frames().length).toBeGreaterThanOrEqual(Math.floor(1500 / (FRAME_INTERVAL_MS + SLICE_MS)));
    expect(h.frames().length).toBeLessThanOrEqual(Math.ceil(1500 / FRAME_INTERVAL_MS) + 3);
  });

  it('on a device slower than the board, runs as fast as it can and lets its messages in between short turns', async () => {
    const h = harness({ cost: 2 });
    await h.start();
    h.wait(1000);
    const frame = h.lastFrame();
    expect(frame.millis).toBeGreaterThan(400);
    expect(frame.millis).toBeLessThan(600);
    expect(frame.speed).toBeCloseTo(0.5, 1);
    for (const turn of h.turns) expect(turn).toBeLessThanOrEqual(TURN_BUDGET_MS + SLICE_MS * 2);
    // A pause sent meanwhile is taken between two turns.
    h.send({ type: 'pause' });
    const paused = h.lastFrame();
    expect(paused.running).toBe(false);
    h.wait(500);
    expect(h.lastFrame().millis).toBe(paused.millis);
  });

  it('pauses (time stands still) and resumes without racing to make up the pause', async () => {
    const h = harness();
    await h.start();
    h.wait(300);
    h.send({ type: 'pause' });
    const at = h.lastFrame().millis;
    h.wait(2000);
    expect(h.lastFrame()).toMatchObject({ running: false, millis: at, speed: null });
    h.send({ type: 'resume' });
    h.wait(300);
    expect(h.lastFrame().running).toBe(true);
    expect(h.lastFrame().millis - at).toBeGreaterThan(300 - FRAME_INTERVAL_MS - 2 * SLICE_MS);
    expect(h.lastFrame().millis - at).toBeLessThanOrEqual(300 + SLICE_MS);
  });

  it("passes the learner's inputs and lines to the board, and a reset boots it again with the same inputs", async () => {
    const h = harness();
    await h.start();
    h.send({ type: 'set', partId: 'soil', key: 'moisture', value: 80 });
    // Controls the board does not have change nothing.
    h.send({ type: 'set', partId: 'nope', key: 'moisture', value: 1 });
    h.send({ type: 'send', line: 'hello' });
    h.wait(700);
    expect(h.serial()).toContain('(wet)');
    expect(h.lastFrame().views.pump).toEqual({ kind: 'pump', running: false });

    const before = h.messages.length;
    h.send({ type: 'reset' });
    expect(h.messages[before]).toEqual({ type: 'restarted' });
    expect(h.messages[before + 1]).toMatchObject({
      type: 'ready',
      controls: [{ partId: 'soil', control: expect.objectContaining({ value: 80 }) }],
    });
    expect(h.lastFrame().millis).toBe(0);
    h.wait(400);
    expect(h.serial()).toMatch(/^Plant Watering Robot ready\r\n/);
    expect(h.serial()).toContain('(wet)');
  });

  it("skips the sketch's waiting: the clock moves on at once, the watering comes again after the soak", async () => {
    const h = harness();
    await h.start();
    h.wait(3600);
    const waterings = () => h.serial().split('Pump ON').length - 1;
    expect(waterings()).toBe(1);
    const before = h.lastFrame().millis;
    h.send({ type: 'skip', ms: 30_000 });
    h.wait(600);
    expect(h.lastFrame().millis).toBeGreaterThan(before + 30_000);
    expect(waterings()).toBe(2);
  });

  it('says when the program did not load, and loads it on a retry', async () => {
    const h = harness({ fetchFails: true });
    await h.start();
    expect(h.messages).toEqual([{ type: 'error', reason: 'load', message: 'Failed to fetch' }]);
    h.failFetch(false);
    await h.start();
    expect(h.messages[1]).toMatchObject({ type: 'ready' });
  });

  it('says when the board could not be made', async () => {
    const h = harness({ bootFails: true });
    await h.start();
    expect(h.messages).toEqual([{ type: 'error', reason: 'run', message: 'bad program' }]);
    h.wait(100);
    expect(h.frames()).toEqual([]);
  });
});
