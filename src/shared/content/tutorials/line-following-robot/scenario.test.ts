import { describe, expect, it } from 'vitest';
import { simulate } from '#test/sketch-program.ts';

// The tutorial's words: "both sensors on white means drive forward; left sensor on black means turn
// left; right sensor on black means turn right; both on black means stop (a crossing or the finish
// line)", and "put the robot on the line: it waits 3 seconds, then drives. Start with DRIVE_SPEED 120".
// Speeds are 0–255 in the sketch: DRIVE_SPEED 120, OUTER_WHEEL_SPEED 130, INNER_WHEEL_SPEED 0.
const DRIVE = 120 / 255;
const OUTER = 130 / 255;
/** PWM measured over 20 ms windows is within about a period of the exact duty. */
const DUTY_DIGITS = 1;

/** The robot after its 3 s start wait, skipped with the fast-forward. */
function driving() {
  const sim = simulate('line-following-robot');
  sim.run(100);
  sim.fastForward(3000);
  sim.run(100);
  return sim;
}

function speeds(sim: ReturnType<typeof simulate>) {
  const speed = (id: string) => {
    const view = sim.view(id);
    return view.kind === 'motor' ? view.speed : Number.NaN;
  };
  return { left: speed('leftMotor'), right: speed('rightMotor') };
}

describe('Line-Following Robot', () => {
  it('waits 3 seconds on the line, then drives', () => {
    const sim = simulate('line-following-robot');
    sim.run(300);
    sim.fastForward(2400);
    sim.run(200);
    expect(speeds(sim)).toEqual({ left: 0, right: 0 });
    sim.run(200);
    const { left, right } = speeds(sim);
    expect(left).toBeCloseTo(DRIVE, DUTY_DIGITS);
    expect(right).toBeCloseTo(DRIVE, DUTY_DIGITS);
  });

  it('drives straight at DRIVE_SPEED with both sensors on white', () => {
    const sim = driving();
    for (let i = 0; i < 5; i++) {
      sim.run(60);
      const { left, right } = speeds(sim);
      expect(left).toBeCloseTo(DRIVE, DUTY_DIGITS);
      expect(right).toBeCloseTo(left, DUTY_DIGITS);
    }
  });

  it('with the left sensor on the tape, stops the left wheel and turns left, back onto the line', () => {
    const sim = driving();
    sim.set('leftSensor', 'on', 1);
    sim.run(100);
    const { left, right } = speeds(sim);
    expect(left).toBe(0);
    expect(right).toBeCloseTo(OUTER, DUTY_DIGITS);
    // Back on the line: both on white again, straight on.
    sim.set('leftSensor', 'on', 0);
    sim.run(100);
    expect(speeds(sim).left).toBeCloseTo(DRIVE, DUTY_DIGITS);
  });

  it('with the right sensor on the tape, stops the right wheel and turns right', () => {
    const sim = driving();
    sim.set('rightSensor', 'on', 1);
    sim.run(100);
    const { left, right } = speeds(sim);
    expect(right).toBe(0);
    expect(left).toBeCloseTo(OUTER, DUTY_DIGITS);
  });

  it('stops with both sensors on black (a crossing or the finish line)', () => {
    const sim = driving();
    sim.set('leftSensor', 'on', 1);
    sim.set('rightSensor', 'on', 1);
    sim.run(100);
    expect(speeds(sim)).toEqual({ left: 0, right: 0 });
  });
});
