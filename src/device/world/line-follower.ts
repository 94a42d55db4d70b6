import type { Simulation } from '../simulator/simulation.ts';
import { distanceToLine, isBlack, onFinish, type Point, type Track } from './track.ts';

/*
 * The line follower's world: a two-wheeled robot on its track, stepped with the board at every model
 * update (simulated time, never the wall clock), so the same program on the same track gives the
 * same run everywhere. The world reads what the motors are driven with through their part models
 * (the L298N's duty, −1…1) and sets what the IR sensors see through theirs; the part models stay the
 * single truth of the electrical side.
 *
 * The chassis is the kits' (a TT gear motor each side on 65 mm wheels, 130 mm apart; the TCRT5000
 * modules 40 mm apart, 80 mm ahead of the axle). A motor turns only past a dead band of duty (it needs
 * that much to overcome its gears' friction) and reaches its speed with a lag: plain kinematics, as
 * nothing collides on a flat floor.
 */

/** The chassis, in metres and seconds. */
export const CHASSIS = {
  wheelBase: 0.13,
  /** Each sensor's offset from the robot's centre line. */
  sensorSide: 0.02,
  /** How far ahead of the axle the sensors look at the floor. */
  sensorAhead: 0.08,
  /** A TT motor on 6 V, loaded, at full duty. */
  topSpeed: 0.55,
  /** Below this duty the gears do not turn. */
  deadBand: 0.2,
  /** How long a wheel takes to reach about two thirds of a new speed. */
  lag: 0.15,
} as const;

/** Farther than this from the tape's centre line, the robot has left the track. */
const OFF_TRACK_M = 0.1;

export interface LineFollowerFigures {
  /** Simulated ms from the robot's first move to its stop on the finish bar; null while it has not finished. */
  readonly lapMs: number | null;
  /** How far it has driven, in metres. */
  readonly distanceM: number;
  /** Simulated ms it spent off the track. */
  readonly offTrackMs: number;
  readonly onTrack: boolean;
}

export interface LineFollowerParts {
  readonly leftMotor: string;
  readonly rightMotor: string;
  readonly leftSensor: string;
  readonly rightSensor: string;
}

/** The wheel speed a motor settles at for a duty of −1…1 (m/s). */
export function settledSpeed(duty: number): number {
  const magnitude = Math.abs(duty);
  if (magnitude <= CHASSIS.deadBand) return 0;
  return Math.sign(duty) * ((magnitude - CHASSIS.deadBand) / (1 - CHASSIS.deadBand)) * CHASSIS.topSpeed;
}

export class LineFollowerWorld {
  readonly track: Track;
  /** The robot's centre (between its wheels) and heading. */
  x: number;
  y: number;
  heading: number;
  private wheels = { left: 0, right: 0 };
  private elapsedMs = 0;
  private movedAtMs: number | null = null;
  private finishedAtMs: number | null = null;
  private distance = 0;
  private offTrack = 0;
  private readonly sim: Simulation;
  private readonly parts: LineFollowerParts;

  constructor(sim: Simulation, track: Track, parts: LineFollowerParts) {
    this.sim = sim;
    this.track = track;
    this.parts = parts;
    this.x = track.start.at.x;
    this.y = track.start.at.y;
    this.heading = track.start.heading;
    this.sense();
    sim.onUpdate((ms) => this.step(ms));
  }

  /** Where a sensor looks at the floor now. */
  sensorPoint(side: 'left' | 'right'): Point {
    const sideways = side === 'left' ? CHASSIS.sensorSide : -CHASSIS.sensorSide;
    const cos = Math.cos(this.heading);
    const sin = Math.sin(this.heading);
    return {
      x: this.x + CHASSIS.sensorAhead * cos - sideways * sin,
      y: this.y + CHASSIS.sensorAhead * sin + sideways * cos,
    };
  }

  get figures(): LineFollowerFigures {
    return {
      lapMs: this.finishedAtMs !== null && this.movedAtMs !== null ? this.finishedAtMs - this.movedAtMs : null,
      distanceM: this.distance,
      offTrackMs: this.offTrack,
      onTrack: this.isOnTrack(),
    };
  }

  /** The world in words, as the page's status line says it. */
  status(): string {
    const { lapMs, onTrack } = this.figures;
    const seconds = ((this.movedAtMs === null ? 0 : (this.finishedAtMs ?? this.elapsedMs) - this.movedAtMs) / 1000)
      .toFixed(1)
      .concat(' s');
    if (lapMs !== null) return `Lap 1 — ${seconds} — finished`;
    if (this.movedAtMs === null) return 'Lap 1 — waiting to start';
    return `Lap 1 — ${seconds} — ${onTrack ? 'on the line' : 'off the track'}`;
  }

  private isOnTrack(): boolean {
    return distanceToLine(this.track, { x: this.x, y: this.y }) <= OFF_TRACK_M;
  }

  private duty(motor: string): number {
    const view = this.sim.view(motor);
    return view.kind === 'motor' ? view.speed : 0;
  }

  private step(ms: number): void {
    const dt = ms / 1000;
    this.elapsedMs += ms;
    const follow = (speed: number, target: number) => speed + (target - speed) * (1 - Math.exp(-dt / CHASSIS.lag));
    this.wheels = {
      left: follow(this.wheels.left, settledSpeed(this.duty(this.parts.leftMotor))),
      right: follow(this.wheels.right, settledSpeed(this.duty(this.parts.rightMotor))),
    };
    const speed = (this.wheels.left + this.wheels.right) / 2;
    const turn = (this.wheels.right - this.wheels.left) / CHASSIS.wheelBase;
    // The midpoint rule: the heading halfway through the step carries the move.
    const heading = this.heading + (turn * dt) / 2;
    this.x += speed * dt * Math.cos(heading);
    this.y += speed * dt * Math.sin(heading);
    this.heading += turn * dt;
    this.distance += Math.abs(speed) * dt;
    if (this.movedAtMs === null && Math.abs(speed) > 0.005) this.movedAtMs = this.elapsedMs;
    if (!this.isOnTrack()) this.offTrack += ms;
    // The lap ends when both sensors reach the finish bar, where the tutorial's sketch stops.
    const overFinish =
      onFinish(this.track, this.sensorPoint('left')) && onFinish(this.track, this.sensorPoint('right'));
    if (this.finishedAtMs === null && this.movedAtMs !== null && overFinish) this.finishedAtMs = this.elapsedMs;
    this.sense();
  }

  /** Each sensor told what the floor under it is. */
  private sense(): void {
    this.sim.set(this.parts.leftSensor, 'on', isBlack(this.track, this.sensorPoint('left')) ? 1 : 0);
    this.sim.set(this.parts.rightSensor, 'on', isBlack(this.track, this.sensorPoint('right')) ? 1 : 0);
  }
}
