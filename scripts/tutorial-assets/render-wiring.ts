/**
 * Draws a tutorial's wiring as an SVG at build time, from the same typed data that renders the
 * connection table (src/shared/content/tutorials.ts). Layout: the board on the left with its pins
 * down its right edge, the other parts stacked on the right with their pins down their left edge,
 * and every wire routed through the channel between them: out of its pin along the pin's row, along
 * a vertical track, and into the other pin along that pin's row.
 *
 * What makes it unmisreadable, by construction (wiring-geometry.test.ts checks the drawn result):
 * - the parts' column is offset by half a pin gap, so no two pins of different parts share a row:
 *   a horizontal run can only lie on another run that leaves the same pin (the same net);
 * - a vertical track holds wires whose runs are at least a pin gap apart, so vertical runs never
 *   meet, and a corner never sits on another wire's vertical run;
 * - where wires of one net do share a stretch (several wires from one rail pin), every point where
 *   one leaves the other gets a junction dot; crossings of different wires are right-angled and
 *   dotless.
 */
import {
  boardOf,
  HEADER,
  MARGIN,
  netsOf,
  PART_GAP,
  PARTS_OFFSET,
  PIN_GAP,
  partHeight,
  WIRE_HEX,
} from '../../src/shared/content/wiring-layout.ts';

export { netsOf, WIRE_HEX };

export interface DiagramPart {
  readonly id: string;
  readonly label: string;
  readonly pins: readonly string[];
}

export interface DiagramWire {
  readonly from: string;
  readonly to: string;
  readonly color: string;
  readonly step?: number;
}

const BOARD_WIDTH = 130;
const PART_WIDTH = 160;
const TRACK_GAP = 14;
const CHANNEL_MARGIN = 26;
/** Font sizes drawn at scale 1, which is how a phone shows the diagram first: pin names at 12 px. */
export const PIN_FONT = 12;
export const TITLE_FONT = 14;
const LABEL_INSET = 12;
/** A generous glyph advance (em): the mono face is 0.6, the display face narrower on average. */
const ADVANCE = 0.64;

const textWidth = (text: string, size: number) => Math.ceil(text.length * size * ADVANCE);

interface PlacedPart {
  readonly part: DiagramPart;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Pins sit on this edge of the box. */
  readonly side: 'left' | 'right';
}

interface Point {
  readonly x: number;
  readonly y: number;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function splitEnd(end: string): [string, string] {
  const dot = end.indexOf('.');
  if (dot < 1) throw new Error(`A wire end must read "part.pin": ${end}`);
  return [end.slice(0, dot), end.slice(dot + 1)];
}

/** Is the point on the run from a to b (both ends included)? Runs are horizontal or vertical. */
function onRun(p: Point, a: Point, b: Point): boolean {
  if (a.y === b.y) return p.y === a.y && p.x >= Math.min(a.x, b.x) && p.x <= Math.max(a.x, b.x);
  return p.x === a.x && p.y >= Math.min(a.y, b.y) && p.y <= Math.max(a.y, b.y);
}

export function renderWiringSvg(parts: readonly DiagramPart[], wires: readonly DiagramWire[], title: string): string {
  const byId = new Map(parts.map((part) => [part.id, part]));
  // The board (the Arduino) sits on the left: the part named `arduino`, else the one most wires meet.
  const board = boardOf(parts, wires);
  if (!board) throw new Error(`${title}: a wiring diagram needs at least one part`);
  for (const wire of wires) {
    for (const end of [wire.from, wire.to]) {
      const [id] = splitEnd(end);
      if (!byId.has(id)) throw new Error(`${title}: the wire end ${end} names no part`);
    }
  }

  const boardPinY = (pin: string) => MARGIN + HEADER + board.pins.indexOf(pin) * PIN_GAP + PIN_GAP / 2;
  // Parts on the right, in the order of the board pins they use, so wires cross as little as possible.
  const others = parts.filter((part) => part !== board);
  const rank = (part: DiagramPart) => {
    const ys = wires.flatMap((w) => {
      const [a, pa] = splitEnd(w.from);
      const [b, pb] = splitEnd(w.to);
      if (a === part.id && b === board.id) return [boardPinY(pb)];
      if (b === part.id && a === board.id) return [boardPinY(pa)];
      return [];
    });
    return ys.length ? ys.reduce((s, y) => s + y, 0) / ys.length : Number.POSITIVE_INFINITY;
  };
  others.sort((a, b) => rank(a) - rank(b));

  // Every label whole: boxes as wide as their titles need.
  const boxWidth = (part: DiagramPart, least: number) =>
    Math.max(
      least,
      textWidth(part.label, TITLE_FONT) + 2 * LABEL_INSET,
      ...part.pins.map((pin) => 2 * (textWidth(pin, PIN_FONT) + LABEL_INSET) + LABEL_INSET),
    );
  const boardWidth = boxWidth(board, BOARD_WIDTH);
  const partWidth = Math.max(PART_WIDTH, ...others.map((part) => boxWidth(part, PART_WIDTH)));

  const placed = new Map<string, PlacedPart>();
  placed.set(board.id, {
    part: board,
    x: MARGIN,
    y: MARGIN,
    width: boardWidth,
    height: partHeight(board),
    side: 'right',
  });
  let y = MARGIN + PARTS_OFFSET;
  for (const part of others) {
    // x is set once the channel's width is known.
    placed.set(part.id, { part, x: 0, y, width: partWidth, height: partHeight(part), side: 'left' });
    y += partHeight(part) + PART_GAP;
  }
  const pinPoint = (end: string): Point => {
    const [id, pin] = splitEnd(end);
    const at = placed.get(id);
    const index = at?.part.pins.indexOf(pin) ?? -1;
    if (!at || index < 0) throw new Error(`${title}: the wire end ${end} names no pin of a part`);
    const x = at.side === 'right' ? at.x + at.width : at.x;
    return { x, y: at.y + HEADER + index * PIN_GAP + PIN_GAP / 2 };
  };

  // Tracks: a wire's vertical run spans its two pins' rows; runs a pin gap apart may share a track.
  const spans = wires.map((wire, index) => {
    const a = pinPoint(wire.from).y;
    const b = pinPoint(wire.to).y;
    return { index, top: Math.min(a, b), bottom: Math.max(a, b) };
  });
  const trackEnds: number[] = [];
  const trackOf = new Map<number, number>();
  for (const span of [...spans].sort((a, b) => a.top - b.top || a.bottom - b.bottom)) {
    let track = trackEnds.findIndex((end) => end + PIN_GAP <= span.top);
    if (track < 0) track = trackEnds.push(span.bottom) - 1;
    else trackEnds[track] = span.bottom;
    trackOf.set(span.index, track);
  }

  const channelStart = MARGIN + boardWidth + CHANNEL_MARGIN;
  const rightX = channelStart + Math.max(1, trackEnds.length) * TRACK_GAP + CHANNEL_MARGIN;
  for (const part of others) {
    const at = placed.get(part.id);
    if (at) placed.set(part.id, { ...at, x: rightX });
  }
  const width = rightX + (others.length ? partWidth : 0) + MARGIN;
  const height = Math.max(MARGIN + partHeight(board), y - PART_GAP) + MARGIN;

  const netOf = netsOf(wires);
  const routes = wires.map((wire, index) => {
    const a = pinPoint(wire.from);
    const b = pinPoint(wire.to);
    const trackX = channelStart + (trackOf.get(index) ?? 0) * TRACK_GAP + TRACK_GAP / 2;
    const points = [a, { x: trackX, y: a.y }, { x: trackX, y: b.y }, b];
    return { wire, points, net: netOf(wire.from) };
  });
  // Where a wire leaves another of its own net away from a pin, a junction dot says they join there.
  const pinKeys = new Set(routes.flatMap(({ points }) => [points[0], points.at(-1)]).map((p) => `${p?.x},${p?.y}`));
  const junctions = new Map<string, Point & { readonly color: string }>();
  for (const one of routes) {
    for (const other of routes) {
      if (one === other || one.net !== other.net) continue;
      for (const point of one.points) {
        const key = `${point.x},${point.y}`;
        if (pinKeys.has(key) || junctions.has(key)) continue;
        const runs = other.points.slice(1).map((b, i) => [other.points[i] ?? b, b] as const);
        if (runs.some(([a, b]) => onRun(point, a, b))) junctions.set(key, { ...point, color: one.wire.color });
      }
    }
  }

  const hexOf = (color: string) => {
    const hex = (WIRE_HEX as Readonly<Record<string, string>>)[color];
    if (!hex) throw new Error(`${title}: unknown wire colour ${color}`);
    return hex;
  };
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="wiring-diagram" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true" focusable="false">`,
  );
  for (const { part, x, y: top, width: w, height: h, side } of placed.values()) {
    out.push(`<g class="wd-part-group" data-part="${escapeXml(part.id)}">`);
    out.push(`<rect class="wd-part" x="${x}" y="${top}" width="${w}" height="${h}" rx="10"/>`);
    out.push(
      `<text class="wd-part-title" x="${x + w / 2}" y="${top + 25}" text-anchor="middle" font-size="${TITLE_FONT}">${escapeXml(part.label)}</text>`,
    );
    part.pins.forEach((pin, index) => {
      const py = top + HEADER + index * PIN_GAP + PIN_GAP / 2;
      const px = side === 'right' ? x + w : x;
      const labelX = side === 'right' ? px - LABEL_INSET : px + LABEL_INSET;
      out.push(`<circle class="wd-pin" cx="${px}" cy="${py}" r="4" data-pin="${escapeXml(`${part.id}.${pin}`)}"/>`);
      out.push(
        `<text class="wd-pin-label" x="${labelX}" y="${py + 4}" text-anchor="${side === 'right' ? 'end' : 'start'}" font-size="${PIN_FONT}">${escapeXml(pin)}</text>`,
      );
    });
    out.push('</g>');
  }
  // Each wire over its own casing, drawn in order: a later wire's casing cuts a gap in the one it crosses.
  for (const { wire, points, net } of routes) {
    const [first, ...rest] = points;
    const d = `M${first?.x} ${first?.y}${rest.map((p, i) => ((points[i]?.y ?? p.y) === p.y ? `H${p.x}` : `V${p.y}`)).join('')}`;
    const hex = hexOf(wire.color);
    const step = wire.step === undefined ? '' : ` data-step="${wire.step}"`;
    out.push(`<path class="wd-wire-casing" d="${d}"/>`);
    out.push(
      `<path class="wd-wire" d="${d}" stroke="${hex}" data-color="${escapeXml(wire.color)}" data-wire="${escapeXml(`${wire.from}→${wire.to}`)}" data-net="${escapeXml(net)}"${step}/>`,
    );
  }
  const ends = new Map<string, Point & { readonly color: string }>();
  for (const { wire, points } of routes) {
    for (const p of [points[0], points.at(-1)]) {
      if (p && !ends.has(`${p.x},${p.y}`)) ends.set(`${p.x},${p.y}`, { ...p, color: wire.color });
    }
  }
  for (const { x, y: cy, color } of ends.values()) {
    out.push(`<circle class="wd-wire-end" cx="${x}" cy="${cy}" r="3.5" fill="${hexOf(color)}"/>`);
  }
  for (const { x, y: cy, color } of junctions.values()) {
    out.push(`<circle class="wd-junction" cx="${x}" cy="${cy}" r="4.5" fill="${hexOf(color)}"/>`);
  }
  out.push('</svg>');
  return out.join('');
}
