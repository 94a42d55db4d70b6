import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Simulation } from '#device/simulator/simulation.ts';
import { findTutorial } from '#shared/content/tutorials.ts';
import { compileClean } from '#test/compiled-sketch.ts';
import { ROOT } from '#test/repository-root.ts';
import { simulate } from '#test/sketch-program.ts';
import { LineFollowerWorld } from './line-follower.ts';
import { ovalTrack, TRACKS, type Track } from './track.ts';

// The line follower in its world (issue 42's first world): the tutorial's own program drives a lap of
// the oval and stops on the finish bar; a program that does nothing, or drives blind, does not. The
// others are compiled as the compile service compiles a learner's sketch.

const PARTS = {
  leftMotor: 'leftMotor',
  rightMotor: 'rightMotor',
  leftSensor: 'leftSensor',
  rightSensor: 'rightSensor',
};

async function robotRunning(source: string) {
  const circuit = findTutorial('line-following-robot');
  if (!circuit) throw new Error('no line follower');
  const { hex, clock } = await compileClean(source);
  return new Simulation(circuit, hex, clock);
}

/** Runs a second at a time until the lap is over or the robot has left the track, for at most `limitMs`. */
function drive(sim: Simulation, world: LineFollowerWorld, limitMs: number) {
  for (let ms = 0; ms < limitMs && world.figures.lapMs === null && world.figures.offTrackMs === 0; ms += 1_000) {
    sim.run(1_000);
  }
  return world.figures;
}

const TUTORIAL = readFileSync(path.join(ROOT, 'src/shared/content/sketches/line-following-robot.ino'), 'utf8');

describe('the line follower on its tracks', () => {
  it('the tutorial’s program laps the S-bends and the hairpins too, never leaving the line', () => {
    for (const track of [TRACKS.sBends(), TRACKS.hairpin()]) {
      const sim = simulate('line-following-robot');
      const world = new LineFollowerWorld(sim, track, PARTS);
      const { lapMs, offTrackMs } = drive(sim, world, 40_000);
      expect(offTrackMs, track.name).toBe(0);
      expect(lapMs, track.name).not.toBeNull();
    }
  }, 120_000);

  it('with DRIVE_SPEED raised it laps the oval faster, and flies off the hairpin', async () => {
    const fast = TUTORIAL.replace('const int DRIVE_SPEED = 120;', 'const int DRIVE_SPEED = 180;').replace(
      'const int OUTER_WHEEL_SPEED = 130;',
      'const int OUTER_WHEEL_SPEED = 190;',
    );
    expect(fast).not.toBe(TUTORIAL);
    const onTrack = async (track: Track) => {
      const sim = await robotRunning(fast);
      const world = new LineFollowerWorld(sim, track, PARTS);
      return drive(sim, world, 40_000);
    };
    const oval = await onTrack(TRACKS.oval());
    expect(oval.lapMs ?? Number.POSITIVE_INFINITY).toBeLessThan(15_000);
    const hairpin = await onTrack(TRACKS.hairpin());
    expect(hairpin.lapMs).toBeNull();
    expect(hairpin.offTrackMs).toBeGreaterThan(0);
  }, 120_000);
});

describe('the line follower on the oval', () => {
  it('the tutorial’s program follows the line for a whole lap and stops on the finish bar', () => {
    const sim = simulate('line-following-robot');
    const world = new LineFollowerWorld(sim, ovalTrack(), PARTS);
    expect(world.status()).toBe('Lap 1 — waiting to start');
    sim.run(2_000);
    expect(world.figures.distanceM).toBe(0);
    sim.run(28_000);
    const { lapMs, offTrackMs, distanceM } = world.figures;
    // 3.48 m of tape at about 0.19 m/s (DRIVE_SPEED 120 of 255, past the motors' dead band).
    expect(lapMs).not.toBeNull();
    expect(lapMs ?? 0).toBeGreaterThan(15_000);
    expect(lapMs ?? 0).toBeLessThan(25_000);
    expect(offTrackMs).toBe(0);
    expect(distanceM).toBeGreaterThan(3.2);
    expect(world.status()).toMatch(/^Lap 1 — \d+\.\d s — finished$/);
    // Stopped there: it does not drive on.
    const stoppedAt = world.figures.distanceM;
    sim.run(3_000);
    expect(world.figures.distanceM).toBeCloseTo(stoppedAt, 3);
  }, 60_000);

  it('the same program on the same track drives the same path', () => {
    const runs = [0, 1].map(() => {
      const sim = simulate('line-following-robot');
      const world = new LineFollowerWorld(sim, ovalTrack(), PARTS);
      sim.run(5_000);
      return { x: world.x, y: world.y, heading: world.heading, ...world.figures };
    });
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[0]?.distanceM).toBeGreaterThan(0.2);
  }, 60_000);

  it('a program that does nothing never starts, and one that drives blind at full speed leaves the track', async () => {
    const idle = await robotRunning('void setup() {}\nvoid loop() {}\n');
    const still = new LineFollowerWorld(idle, ovalTrack(), PARTS);
    idle.run(3_500);
    expect(still.figures).toMatchObject({ lapMs: null, distanceM: 0, offTrackMs: 0 });
    expect(still.status()).toBe('Lap 1 — waiting to start');

    const blind = await robotRunning('void setup() { analogWrite(5, 255); analogWrite(9, 255); }\nvoid loop() {}\n');
    const lost = new LineFollowerWorld(blind, ovalTrack(), PARTS);
    blind.run(5_000);
    expect(lost.figures.lapMs).toBeNull();
    expect(lost.figures.offTrackMs).toBeGreaterThan(0);
    expect(lost.status()).toMatch(/off the track$/);
  }, 60_000);
});
