import { describe, expect, it } from 'vitest';
import { findProjectBySlug } from '../../src/shared/content/projects.ts';
import { TRAINER_BOARD, TRAINER_BOARD_TITLE } from '../../src/shared/content/trainer-board.ts';
import { TUTORIALS, type Wire } from '../../src/shared/content/tutorials.ts';
import { netsOf, renderWiringSvg } from './render-wiring.ts';

/*
 * Reads every tutorial's diagram as drawn (the SVG the build ships) and checks that it cannot be
 * misread: wires of different nets never share track, never touch except by crossing at right
 * angles (without a dot), joins within a net carry a dot, and every label is whole and apart.
 * The nets come from the tutorial's data, not from the drawing, so a renderer cannot mark its way out.
 */

interface Point {
  readonly x: number;
  readonly y: number;
}
interface Segment {
  readonly a: Point;
  readonly b: Point;
}
interface DrawnWire {
  readonly name: string;
  readonly net: string;
  readonly points: readonly Point[];
  readonly segments: readonly Segment[];
}
interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

// Nets come from the tutorial's data (the pins each wire joins, wiring-layout.ts), never from the drawing.

/** Glyph advance as a share of the font size: 0.6 is exact for the mono face, generous for the display face. */
const ADVANCE = 0.62;
const EPSILON = 0.01;

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

/** The points of a path drawn with M, L, H and V (absolute), the only commands the renderer uses. */
function pointsOf(d: string): Point[] {
  const tokens = d.match(/[MLHV]|-?\d+(?:\.\d+)?/g) ?? [];
  const points: Point[] = [];
  let at: Point = { x: 0, y: 0 };
  for (let i = 0; i < tokens.length; ) {
    const command = tokens[i++];
    const next = () => Number(tokens[i++]);
    if (command === 'M' || command === 'L') at = { x: next(), y: next() };
    else if (command === 'H') at = { x: next(), y: at.y };
    else if (command === 'V') at = { x: at.x, y: next() };
    else throw new Error(`unexpected path command ${command} in ${d}`);
    points.push(at);
  }
  return points;
}

const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

const isHorizontal = (s: Segment) => Math.abs(s.a.y - s.b.y) < EPSILON;
const isVertical = (s: Segment) => Math.abs(s.a.x - s.b.x) < EPSILON;
const between = (v: number, p: number, q: number) => v >= Math.min(p, q) - EPSILON && v <= Math.max(p, q) + EPSILON;
const strictlyBetween = (v: number, p: number, q: number) =>
  v > Math.min(p, q) + EPSILON && v < Math.max(p, q) - EPSILON;
const onSegment = (p: Point, s: Segment) =>
  (isHorizontal(s) && Math.abs(p.y - s.a.y) < EPSILON && between(p.x, s.a.x, s.b.x)) ||
  (isVertical(s) && Math.abs(p.x - s.a.x) < EPSILON && between(p.y, s.a.y, s.b.y));

/** Length of the stretch two segments share (0 when they are not collinear). */
function sharedLength(s: Segment, t: Segment): number {
  const overlap = (p1: number, p2: number, q1: number, q2: number) =>
    Math.min(Math.max(p1, p2), Math.max(q1, q2)) - Math.max(Math.min(p1, p2), Math.min(q1, q2));
  if (isHorizontal(s) && isHorizontal(t) && Math.abs(s.a.y - t.a.y) < EPSILON)
    return overlap(s.a.x, s.b.x, t.a.x, t.b.x);
  if (isVertical(s) && isVertical(t) && Math.abs(s.a.x - t.a.x) < EPSILON) return overlap(s.a.y, s.b.y, t.a.y, t.b.y);
  return 0;
}

/** Where a horizontal and a vertical segment cross inside both (not at either's end), if they do. */
function properCrossing(s: Segment, t: Segment): Point | undefined {
  const [h, v] = isHorizontal(s) && isVertical(t) ? [s, t] : isVertical(s) && isHorizontal(t) ? [t, s] : [];
  if (!h || !v) return undefined;
  if (strictlyBetween(v.a.x, h.a.x, h.b.x) && strictlyBetween(h.a.y, v.a.y, v.b.y)) return { x: v.a.x, y: h.a.y };
  return undefined;
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > EPSILON &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > EPSILON;
const fmt = (p: Point) => `(${p.x}, ${p.y})`;

/** Everything in one drawn diagram that could be misread, in words; empty when it reads true. */
function misreadings(svg: string, wires: readonly Wire[]): string[] {
  const problems: string[] = [];
  const netOf = netsOf(wires);
  const viewBox = (/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '').split(' ').map(Number);
  const [vx = 0, vy = 0, vw = 0, vh = 0] = viewBox;

  const drawn: DrawnWire[] = [...svg.matchAll(/<path [^>]*class="wd-wire"[^>]*>/g)].map((match, index) => {
    const attributes = attributesOf(match[0]);
    const wire = wires[index];
    const name = decode(attributes['data-wire'] ?? `${wire?.from}→${wire?.to}`);
    const points = pointsOf(attributes.d ?? '');
    return {
      name,
      net: netOf(wire?.from ?? name),
      points,
      segments: points.slice(1).map((b, i) => ({ a: points[i] ?? b, b })),
    };
  });
  const expected = wires.map((wire) => `${wire.from}→${wire.to}`);
  if (drawn.map((w) => w.name).join('\n') !== expected.join('\n')) {
    problems.push(`the wires drawn (${drawn.map((w) => w.name).join(', ')}) are not the wires of the data`);
  }
  const dots = [...svg.matchAll(/<circle [^>]*class="wd-(?:wire-end|junction)"[^>]*>/g)].map((match) => {
    const a = attributesOf(match[0]);
    return { x: Number(a.cx), y: Number(a.cy) };
  });
  const hasDot = (p: Point) => dots.some((d) => Math.abs(d.x - p.x) < EPSILON && Math.abs(d.y - p.y) < EPSILON);
  for (const wire of drawn) {
    for (const s of wire.segments) {
      if (!isHorizontal(s) && !isVertical(s)) problems.push(`${wire.name} has a slanted run ${fmt(s.a)}–${fmt(s.b)}`);
    }
  }

  for (const [i, p] of drawn.entries()) {
    for (const q of drawn.slice(i + 1)) {
      const sameNet = p.net === q.net;
      for (const s of p.segments) {
        for (const t of q.segments) {
          const shared = sharedLength(s, t);
          if (!sameNet && shared > EPSILON) {
            problems.push(`${p.name} and ${q.name} share ${shared} px of track from ${fmt(s.a)} to ${fmt(s.b)}`);
          }
          const crossing = properCrossing(s, t);
          if (crossing && !sameNet && hasDot(crossing)) {
            problems.push(`${p.name} crosses ${q.name} at ${fmt(crossing)} under a dot, which reads as a join`);
          }
        }
      }
      // A corner or an end of one wire on the other: a join, which only the same net may make, and with a dot.
      for (const [one, other] of [
        [p, q],
        [q, p],
      ] as const) {
        for (const point of one.points) {
          if (!other.segments.some((t) => onSegment(point, t))) continue;
          if (!sameNet) problems.push(`a corner of ${one.name} at ${fmt(point)} lies on ${other.name}`);
          else if (!hasDot(point)) problems.push(`${one.name} joins ${other.name} at ${fmt(point)} without a dot`);
        }
      }
    }
  }

  // No wire runs through a part's box (it may only end on its edge).
  const partBoxes = [...svg.matchAll(/<rect [^>]*class="wd-part"[^>]*>/g)].map((match) => {
    const a = attributesOf(match[0]);
    const left = Number(a.x);
    const top = Number(a.y);
    return { left, top, right: left + Number(a.width), bottom: top + Number(a.height) };
  });
  for (const wire of drawn) {
    for (const s of wire.segments) {
      const run: Box = {
        left: Math.min(s.a.x, s.b.x),
        right: Math.max(s.a.x, s.b.x),
        top: Math.min(s.a.y, s.b.y),
        bottom: Math.max(s.a.y, s.b.y),
      };
      for (const box of partBoxes) {
        const inside =
          Math.min(run.right, box.right) - Math.max(run.left, box.left) > EPSILON &&
          strictlyBetween(run.top, box.top, box.bottom);
        const insideV =
          Math.min(run.bottom, box.bottom) - Math.max(run.top, box.top) > EPSILON &&
          strictlyBetween(run.left, box.left, box.right);
        if (inside || insideV) problems.push(`${wire.name} runs through a part at ${fmt(s.a)}–${fmt(s.b)}`);
      }
    }
  }

  // Labels: whole inside the picture, none over another.
  const labels = [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map((match) => {
    const a = attributesOf(match[1] ?? '');
    const text = decode(match[2] ?? '');
    const size = Number(a['font-size']);
    if (!(size > 0)) problems.push(`the label "${text}" has no font-size of its own`);
    const width = text.length * size * ADVANCE;
    const x = Number(a.x);
    const left = a['text-anchor'] === 'middle' ? x - width / 2 : a['text-anchor'] === 'end' ? x - width : x;
    const y = Number(a.y);
    return { text, size, box: { left, right: left + width, top: y - 0.8 * size, bottom: y + 0.25 * size } };
  });
  for (const [i, label] of labels.entries()) {
    const { box } = label;
    if (box.left < vx || box.top < vy || box.right > vx + vw || box.bottom > vy + vh) {
      problems.push(`the label "${label.text}" is cut off by the edge of the picture`);
    }
    for (const other of labels.slice(i + 1)) {
      if (overlaps(box, other.box)) problems.push(`the labels "${label.text}" and "${other.text}" overlap`);
    }
  }
  return problems;
}

describe('every tutorial’s wiring diagram reads as its circuit', () => {
  it.each(TUTORIALS.map((t) => [t.slug, t] as const))('%s', (slug, tutorial) => {
    const svg = renderWiringSvg(tutorial.parts, tutorial.wires, findProjectBySlug(slug)?.title ?? slug);
    expect(misreadings(svg, tutorial.wires)).toEqual([]);
  });

  it('the trainer board', () => {
    const svg = renderWiringSvg(TRAINER_BOARD.parts, TRAINER_BOARD.wires, TRAINER_BOARD_TITLE);
    expect(misreadings(svg, TRAINER_BOARD.wires)).toEqual([]);
  });
});

describe('the geometry check itself', () => {
  const wires: Wire[] = [
    { from: 'a.1', to: 'b.1', color: 'red' },
    { from: 'a.2', to: 'b.2', color: 'black' },
  ];
  const svgOf = (paths: string[], extra = '') =>
    `<svg viewBox="0 0 200 200">${paths.map((d, i) => `<path class="wd-wire" d="${d}" data-wire="${wires[i]?.from}→${wires[i]?.to}"/>`).join('')}${extra}</svg>`;

  it('catches two nets on one stretch of track', () => {
    expect(misreadings(svgOf(['M0 10H100', 'M50 10H150']), wires)).toContain(
      'a.1→b.1 and a.2→b.2 share 50 px of track from (0, 10) to (100, 10)',
    );
  });

  it('catches a corner of one net on another, and a dot on a crossing', () => {
    expect(misreadings(svgOf(['M0 10H100', 'M50 10V80']), wires)).toContain(
      'a corner of a.2→b.2 at (50, 10) lies on a.1→b.1',
    );
    const dotted = misreadings(
      svgOf(['M0 10H100', 'M50 0V80'], '<circle class="wd-junction" cx="50" cy="10" r="4"/>'),
      wires,
    );
    expect(dotted).toContain('a.1→b.1 crosses a.2→b.2 at (50, 10) under a dot, which reads as a join');
  });

  it('passes a clean crossing, and wants a dot where one net joins itself', () => {
    expect(misreadings(svgOf(['M0 10H100', 'M50 0V80']), wires)).toEqual([]);
    const oneNet: Wire[] = [
      { from: 'a.1', to: 'b.1', color: 'red' },
      { from: 'a.1', to: 'c.1', color: 'red' },
    ];
    const svg = `<svg viewBox="0 0 200 200"><path class="wd-wire" d="M0 10H100V50" data-wire="a.1→b.1"/><path class="wd-wire" d="M0 10H50V80" data-wire="a.1→c.1"/><circle class="wd-wire-end" cx="0" cy="10" r="3"/></svg>`;
    expect(misreadings(svg, oneNet)).toEqual(['a.1→c.1 joins a.1→b.1 at (50, 10) without a dot']);
  });

  it('catches a label cut off by the edge or lying on another', () => {
    const svg = `<svg viewBox="0 0 200 200"><text x="190" y="20" font-size="12">VCC</text><text x="4" y="100" font-size="12">GND</text><text x="10" y="104" font-size="12">OUT</text></svg>`;
    expect(misreadings(svg, [])).toEqual([
      'the label "VCC" is cut off by the edge of the picture',
      'the labels "GND" and "OUT" overlap',
    ]);
  });
});
