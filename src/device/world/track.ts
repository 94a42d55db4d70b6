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

/** A piece of a track's centre line: a straight of a length, or an arc turning by an angle (left when positive) at a radius. */
type Piece = { readonly straight: number } | { readonly radius: number; readonly turn: number };

/** The centre line of pieces laid end to end from the origin, heading +x, a point about every centimetre. */
function lay(pieces: readonly Piece[]): Point[] {
  const line: Point[] = [];
  let x = 0;
  let y = 0;
  let heading = 0;
  const step = 0.01;
  for (const piece of pieces) {
    if ('straight' in piece) {
      const count = Math.max(1, Math.round(piece.straight / step));
      for (let i = 0; i < count; i++) {
        line.push({ x, y });
        x += (piece.straight / count) * Math.cos(heading);
        y += (piece.straight / count) * Math.sin(heading);
      }
      continue;
    }
    const count = Math.max(1, Math.round((Math.abs(piece.turn) * piece.radius) / step));
    const side = Math.sign(piece.turn);
    // The arc's centre is to the left (a left turn) or right of the heading.
    const cx = x - side * piece.radius * Math.sin(heading);
    const cy = y + side * piece.radius * Math.cos(heading);
    const from = Math.atan2(y - cy, x - cx);
    for (let i = 0; i < count; i++) {
      const angle = from + (piece.turn * i) / count;
      line.push({ x: cx + piece.radius * Math.cos(angle), y: cy + piece.radius * Math.sin(angle) });
    }
    heading += piece.turn;
    x = cx + piece.radius * Math.cos(from + piece.turn);
    y = cy + piece.radius * Math.sin(from + piece.turn);
  }
  return line;
}

/** A track from its pieces: the robot starts 10 cm in, the finish bar just behind it. */
function trackOf(name: string, pieces: readonly Piece[]): Track {
  return {
    name,
    line: lay(pieces),
    start: { at: { x: 0.1, y: 0 }, heading: 0 },
    // Long enough for a robot to coast to a stop on it: it meets it at the end of its lap.
    finish: { at: { x: 0.04, y: 0 }, heading: 0, length: 0.06, width: 0.12 },
  };
}

/** A stadium oval: two straights and two half circles, driven anticlockwise. */
export function ovalTrack(straight = 0.8, radius = 0.3): Track {
  return trackOf('oval', [{ straight }, { radius, turn: Math.PI }, { straight }, { radius, turn: Math.PI }]);
}

/** S-bends: the straights of an oval with a left and a right bend between them, so the robot turns both ways. */
export function sBendsTrack(): Track {
  const bend = Math.PI / 3;
  return trackOf('S-bends', [
    { straight: 0.5 },
    { radius: 0.25, turn: bend },
    { radius: 0.25, turn: -bend },
    { straight: 0.2 },
    { radius: 0.3, turn: Math.PI },
    { straight: 0.2 },
    { radius: 0.25, turn: bend },
    { radius: 0.25, turn: -bend },
    { straight: 0.5 },
    { radius: 0.3, turn: Math.PI },
  ]);
}

/** Long straights and a tight hairpin at each end (20 cm across): where a robot that drives too fast flies off. */
export function hairpinTrack(): Track {
  return trackOf('hairpin', [
    { straight: 0.9 },
    { radius: 0.1, turn: Math.PI },
    { straight: 0.9 },
    { radius: 0.1, turn: Math.PI },
  ]);
}

export const TRACKS = { oval: ovalTrack, sBends: sBendsTrack, hairpin: hairpinTrack } as const;

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
