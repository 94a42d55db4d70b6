import { describe, expect, it } from 'vitest';
import { MAX_LAG_MS, nextStep, Pacer, SLICE_MS, SPEED_WINDOW_MS, SpeedMeter } from './pacing.ts';

describe('pacing the simulated board to real time', () => {
  it('owes as much simulated time as wall time has passed since the start, less what has run', () => {
    const pacer = new Pacer();
    pacer.start(1000, 0);
    expect(pacer.owed(1000, 0)).toBe(0);
    expect(pacer.owed(1016, 0)).toBe(16);
    expect(pacer.owed(1016, 12)).toBe(4);
    // Ahead of real time: negative, the worker sleeps.
    expect(pacer.owed(1016, 20)).toBe(-4);
  });

  it('starts again from where it is after a pause or a reset', () => {
    const pacer = new Pacer();
    pacer.start(0, 0);
    expect(pacer.owed(100, 100)).toBe(0);
    // Paused for 10 s: resuming owes nothing for the pause.
    pacer.start(10_100, 100);
    expect(pacer.owed(10_104, 100)).toBe(4);
  });

  it('lets lost time go beyond MAX_LAG_MS instead of racing to make it up', () => {
    const pacer = new Pacer();
    pacer.start(0, 0);
    // A 5 s stall (a background tab, a busy machine): only MAX_LAG_MS is owed.
    expect(pacer.owed(5000, 0)).toBe(MAX_LAG_MS);
    // ...and from then on it counts from the new anchor.
    expect(pacer.owed(5010, 50)).toBe(MAX_LAG_MS + 10 - 50);
  });

  it('runs a slice when a slice is owed, and otherwise sleeps until one will be', () => {
    expect(nextStep(SLICE_MS)).toEqual({ run: SLICE_MS });
    expect(nextStep(150)).toEqual({ run: SLICE_MS });
    expect(nextStep(SLICE_MS - 1)).toEqual({ sleep: 1 });
    expect(nextStep(0)).toEqual({ sleep: SLICE_MS });
    expect(nextStep(-6)).toEqual({ sleep: SLICE_MS + 6 });
    expect(nextStep(3.5)).toEqual({ sleep: 1 });
  });
});

describe('measuring the speed', () => {
  it('says nothing until a quarter of its window has passed', () => {
    const meter = new SpeedMeter();
    meter.record(0, 0, 0);
    meter.record(100, 100, 20);
    expect(meter.speed()).toBeNull();
    expect(meter.capacity()).toBeNull();
  });

  it('gives simulated time per wall time (speed) and per busy time (capacity) over its window', () => {
    const meter = new SpeedMeter();
    // Half real time, the simulation busy all the time: it can go no faster.
    for (let wall = 0; wall <= 2000; wall += 100) meter.record(wall, wall / 2, wall);
    expect(meter.speed()).toBeCloseTo(0.5);
    expect(meter.capacity()).toBeCloseTo(0.5);
    // Then real time, busy a quarter of it: it could go four times as fast.
    for (let wall = 2100; wall <= 4000; wall += 100) meter.record(wall, 1000 + (wall - 2000), 2000 + (wall - 2000) / 4);
    expect(meter.speed()).toBeCloseTo(1);
    expect(meter.capacity()).toBeCloseTo(4);
  });

  it('keeps about one window of samples', () => {
    const meter = new SpeedMeter();
    for (let wall = 0; wall <= 10_000; wall += 10) meter.record(wall, wall, wall);
    // Old samples went: the speed after a change shows within a window.
    for (let wall = 10_010; wall <= 10_000 + SPEED_WINDOW_MS + 20; wall += 10) meter.record(wall, 10_000, wall);
    expect(meter.speed()).toBe(0);
  });

  it('forgets the past when cleared', () => {
    const meter = new SpeedMeter();
    for (let wall = 0; wall <= 1000; wall += 100) meter.record(wall, wall, wall);
    meter.clear();
    expect(meter.speed()).toBeNull();
  });
});
