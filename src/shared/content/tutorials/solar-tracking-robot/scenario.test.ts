import { describe, expect, it } from 'vitest';
import type { Simulation } from '#device/simulator/simulation.ts';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "shine a flashlight from each side: the side facing the light should give
// the bigger number"; "Above DEADBAND (30) the servo moves 1° toward the east, below -30 it moves
// 1° toward the west, otherwise it stays still. The angle stays between MIN_ANGLE and MAX_ANGLE";
// "when both readings stay below NIGHT_LEVEL (100) for NIGHT_AFTER_MS (one minute), the panel
// slowly turns back to face east". A bigger angle faces east (TOWARD_EAST = 1); START_ANGLE is 90,
// MIN_ANGLE 20, MAX_ANGLE 160; one 20 ms frame moves it at most 1°.
const START_ANGLE = 90;
const MIN_ANGLE = 20;
const NIGHT_AFTER_MS = 60_000;
const FLASHLIGHT_LUX = 1000;
const ROOM_LUX = 100;
/** The servo's pulses come out a few microseconds long, as on the board: the arm sits 1–2° further on. */
const SERVO_SLACK_DEGREES = 3;

function panelAngle(sim: Simulation): number {
  const view = sim.view('servo');
  return view.kind === 'servo' ? view.angle : Number.NaN;
}

/** The last readings the sketch printed: "East: 937  West: 937  Angle: 90". */
function lastReport(sim: Simulation) {
  const reports = [...sim.serial.matchAll(/East: (\d+) {2}West: (\d+) {2}Angle: (\d+)/g)];
  const [, east, west, angle] = reports.at(-1) ?? [];
  return { east: Number(east), west: Number(west), angle: Number(angle) };
}

describe('Solar Tracking Robot', () => {
  it('holds the panel still in even light, printing both readings twice a second', () => {
    const sim = simulate('solar-tracking-robot');
    sim.run(600);
    const report = lastReport(sim);
    expect(report.angle).toBe(START_ANGLE);
    expect(Math.abs(report.east - report.west)).toBeLessThanOrEqual(30);
    expect(Math.abs(panelAngle(sim) - START_ANGLE)).toBeLessThan(SERVO_SLACK_DEGREES);
  });

  it('turns the panel towards the brighter east LDR, 1° a frame', () => {
    const sim = simulate('solar-tracking-robot');
    sim.set('eastLdr', 'lux', FLASHLIGHT_LUX);
    sim.set('westLdr', 'lux', ROOM_LUX);
    sim.run(540);
    const report = lastReport(sim);
    expect(report.east).toBeGreaterThan(report.west + 30);
    // About 25 frames in 0.5 s: the sketch's angle, and the servo's arm following it.
    expect(report.angle).toBeGreaterThan(START_ANGLE + 20);
    expect(report.angle).toBeLessThanOrEqual(START_ANGLE + 27);
    expect(panelAngle(sim)).toBeGreaterThan(report.angle);
  });

  it('turns the panel towards the brighter west LDR, and no further than MIN_ANGLE', () => {
    const sim = simulate('solar-tracking-robot');
    sim.set('eastLdr', 'lux', ROOM_LUX);
    sim.set('westLdr', 'lux', FLASHLIGHT_LUX);
    sim.run(500);
    expect(panelAngle(sim)).toBeLessThan(START_ANGLE - 20);
    sim.run(1200);
    expect(lastReport(sim).angle).toBe(MIN_ANGLE);
    expect(Math.abs(panelAngle(sim) - MIN_ANGLE)).toBeLessThan(SERVO_SLACK_DEGREES);
  });

  it('after NIGHT_AFTER_MS (one minute) of darkness, slowly turns back to face east', () => {
    const sim = simulate('solar-tracking-robot');
    sim.set('eastLdr', 'lux', 0);
    sim.set('westLdr', 'lux', 0);
    sim.run(500);
    // Dark, but not yet for a minute: the panel stays where it is.
    expect(lastReport(sim).angle).toBe(START_ANGLE);
    sim.fastForward(NIGHT_AFTER_MS);
    sim.run(1000);
    // 1° every 10 frames (0.2 s), towards the east: about 5° in this second.
    const { east, west, angle } = lastReport(sim);
    expect(Math.max(east, west)).toBeLessThan(100);
    expect(angle).toBeGreaterThan(START_ANGLE);
    expect(panelAngle(sim)).toBeGreaterThanOrEqual(START_ANGLE + 4);
    expect(panelAngle(sim)).toBeLessThanOrEqual(START_ANGLE + 6 + SERVO_SLACK_DEGREES);
  });
});
