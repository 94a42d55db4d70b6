import { describe, expect, it } from 'vitest';
import type { Simulation } from '#device/simulator/simulation.ts';
import { lcdLines, runUntil } from '#test/scenario-steps.ts';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "Every second the sketch reads the clock and shows the time; when a dose
// time arrives it turns one compartment, shows "Take your pill!" and beeps." "It beeps every 10
// seconds and flashes the screen until TAKEN is pressed, then shows the time the dose was taken.
// If nobody presses TAKEN within 15 minutes it shows "MISSED - tell an adult". It never gives a
// new dose while one is waiting." The dose times are 8:00 and 20:00; the wheel has 8 compartments
// of STEPS_PER_TURN / 8 = 256 steps.
const COMPARTMENT_STEPS = 256;
const REMIND_EVERY_MS = 10_000;
const MISSED_AFTER_MS = 15 * 60 * 1000;
/** One second before the 8:00 dose, on the DS3231. */
const BEFORE_MORNING_DOSE = new Date(2026, 2, 2, 7, 59, 59);

function stepsTurned(sim: Simulation): number {
  const view = sim.view('driver');
  return view.kind === 'stepper' ? view.steps : Number.NaN;
}

/** Runs `ms` and reports the buzzer: how many beeps started and the longest one, sampled every 10 ms. */
function listen(sim: Simulation, ms: number) {
  const sounding = () => {
    const view = sim.view('buzzer');
    return view.kind === 'buzzer' && view.sounding;
  };
  let beeps = 0;
  let longestMs = 0;
  let currentMs = 0;
  let was = sounding();
  for (let elapsed = 0; elapsed < ms; elapsed += 10) {
    sim.run(10);
    const now = sounding();
    if (now && !was) beeps++;
    currentMs = now ? currentMs + 10 : 0;
    longestMs = Math.max(longestMs, currentMs);
    was = now;
  }
  return { beeps, longestMs };
}

/** Presses TAKEN for a moment (the sketch looks at it every 20 ms) and lets it go. */
function pressTaken(sim: Simulation) {
  sim.set('button', 'on', 1);
  sim.run(100);
  sim.set('button', 'on', 0);
  sim.run(100);
}

/** Skips ahead until the DS3231 shows `hours`:`minutes` on the first day (plus a moment for the sketch to read it). */
function fastForwardTo(sim: Simulation, hours: number, minutes: number) {
  const target = new Date(BEFORE_MORNING_DOSE);
  target.setHours(hours, minutes, 0, 100);
  sim.fastForward(target.getTime() - BEFORE_MORNING_DOSE.getTime() - sim.millis);
}

const doseCount = (sim: Simulation) => sim.serial.split('Dose given').length - 1;

/** The robot one second before 8:00, its first clock reading (a second after power-on) fast-forwarded to. */
function poweredOn(): Simulation {
  const sim = simulate('medical-assistance-robot', { startTime: BEFORE_MORNING_DOSE });
  sim.run(100);
  return sim;
}

/** The robot once it has turned the wheel and beeped for the 8:00 dose. */
function morningDose(): Simulation {
  const sim = poweredOn();
  sim.fastForward(900);
  listen(sim, 1800);
  return sim;
}

describe('Medical Assistance Robot', () => {
  it('at the dose time on the DS3231 turns the wheel one compartment and beeps three times', () => {
    const sim = poweredOn();
    // Not yet 8:00: nothing turns, nothing sounds. The clock keeps our time (SET_CLOCK is false).
    expect(sim.view('rtc')).toEqual({ kind: 'clock', time: '2026-03-02 07:59:59' });
    expect(stepsTurned(sim)).toBe(0);
    expect(doseCount(sim)).toBe(0);
    // The clock reads 8:00 at the next second; the wheel turns (0.8 s), then the three beeps.
    sim.fastForward(900);
    expect(listen(sim, 1800).beeps).toBe(3);
    expect(stepsTurned(sim)).toBe(COMPARTMENT_STEPS);
    expect(sim.view('driver')).toMatchObject({ angle: 45 });
    expect(sim.serial).toContain('Dose given at 08:00');
    expect(lcdLines(sim)[1]).toBe('Take your pill!');
  });

  it('beeps again every 10 seconds until TAKEN is pressed, then stops and never gives that dose twice', () => {
    const sim = morningDose();
    // The dose's beeps began about 0.8 s ago; the next three come 10 s after them.
    sim.fastForward(REMIND_EVERY_MS - 1000);
    expect(listen(sim, 1000).beeps).toBe(3);
    pressTaken(sim);
    expect(sim.serial).toContain('Taken at 08:00');
    expect(lcdLines(sim).join(' ')).toContain('Taken at 08:00');
    // Still 8:00 on the clock, a reading later: no second dose, and no more reminders.
    sim.fastForward(REMIND_EVERY_MS * 2);
    expect(listen(sim, 600).beeps).toBe(0);
    expect(doseCount(sim)).toBe(1);
    expect(stepsTurned(sim)).toBe(COMPARTMENT_STEPS);
  });

  it('turns to the next compartment at the next dose time, 20:00', () => {
    const sim = morningDose();
    pressTaken(sim);
    fastForwardTo(sim, 20, 0);
    sim.run(1000);
    expect(sim.serial).toContain('Dose given at 20:00');
    expect(stepsTurned(sim)).toBe(2 * COMPARTMENT_STEPS);
  });

  it('when nobody presses TAKEN within 15 minutes, gives one long MISSED beep', () => {
    const sim = morningDose();
    sim.fastForward(MISSED_AFTER_MS);
    expect(listen(sim, 1200).longestMs).toBeGreaterThanOrEqual(990);
    runUntil(sim, () => lcdLines(sim).join(' ') === 'MISSED - tell an adult', 'the screen says MISSED', 2_000);
  });

  it('never gives a new dose while one is waiting: no 20:00 dose before TAKEN', () => {
    const sim = morningDose();
    fastForwardTo(sim, 20, 0);
    sim.run(1500);
    expect(sim.view('rtc')).toMatchObject({ time: expect.stringMatching(/^2026-03-02 20:00:01/) });
    expect(doseCount(sim)).toBe(1);
    expect(stepsTurned(sim)).toBe(COMPARTMENT_STEPS);
  });
});
