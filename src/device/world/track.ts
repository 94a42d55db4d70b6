/*
 * A line follower's track, seen from above: black tape on a light floor, in metres. The tape follows
 * a centre line (a closed loop of points a centimetre or so apart), 19 mm wide as electrical tape is,
 * and a finish bar crosses it where a lap ends. What the floor reflects at a point is all a sensor
 * can know of it.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Track {
  readonly name: string;
  /** The tape's centre line, a closed loop, in the direction the robot drives. */
  readonly line: readonly Point[];
  /** Where the robot starts, and which way it faces (radians, 0 = +x). */
  readonly start: { readonly at: Point; readonly heading: number };
  /** The finish bar: a rectangle across the tape, centre and direction along the track. */
  readonly finish: { readonly at: Point; readonly heading: number; readonly length: number; readonly width: number };
}

/** Electrical tape. */
export const TAPE_WIDTH_M = 0.019;

/** A stadium oval: two straights and two half circles, driven anticlockwise; the finish at the end of the first straight. */
export function ovalTrack(straight = 0.8, radius = 0.3): Track {
  const line: Point[] = [];
  const step = 0.01;
  const arc = (cx: number, cy: number, from: number) => {
    const count = Math.round((Math.PI * radius) / step);
    for (let i = 0; i < count; i++) {
      const angle = from + (Math.PI * i) / count;
      line.push({ x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) });
    }
  };
  const straightCount = Math.round(straight / step);
  for (let i = 0; i < straightCount; i++) line.push({ x: (straight * i) / straightCount, y: -radius });
  arc(straight, 0, -Math.PI / 2);
  for (let i = 0; i < straightCount; i++) line.push({ x: straight - (straight * i) / straightCount, y: radius });
  arc(0, 0, Math.PI / 2);
  return {
    name: 'oval',
    line,
    start: { at: { x: 0.1, y: -radius }, heading: 0 },
    // Just behind the start, long enough for a robot to coast to a stop on it: it meets it at the end of its lap.
    finish: { at: { x: 0.04, y: -radius }, heading: 0, length: 0.06, width: 0.12 },
  };
}

/** How far `p` is from the track's centre line (to the nearest of its segments). */
export function distanceToLine(track: Track, p: Point): number {
  let best = Number.POSITIVE_INFINITY;
  const { line } = track;
  for (let i = 0; i < line.length; i++) {
    const a = line[i] as Point;
    const b = line[(i + 1) % line.length] as Point;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)));
  }
  return best;
}

/** Whether the finish bar is under `p`. */
export function onFinish(track: Track, p: Point): boolean {
  const { at, heading, length, width } = track.finish;
  const dx = p.x - at.x;
  const dy = p.y - at.y;
  const along = dx * Math.cos(heading) + dy * Math.sin(heading);
  const across = -dx * Math.sin(heading) + dy * Math.cos(heading);
  return Math.abs(along) <= length / 2 && Math.abs(across) <= width / 2;
}

/** Whether the floor at `p` is black: the tape, or the finish bar. */
export function isBlack(track: Track, p: Point): boolean {
  return onFinish(track, p) || distanceToLine(track, p) <= TAPE_WIDTH_M / 2;
}
