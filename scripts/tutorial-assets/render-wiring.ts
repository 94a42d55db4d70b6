/**
 * Draws a tutorial's wiring as an SVG at build time, from the same typed data that renders the
 * connection table (src/shared/content/tutorials.ts). Layout: the board on the left with its pins
 * down its right edge, the other parts stacked on the right with their pins down their left edge,
 * and every wire routed through the channel between them on a vertical track of its own (wires
 * whose vertical runs do not overlap share a track), so no wire hides another.
 */

import {
  boardOf,
  HEADER,
  MARGIN,
  PART_GAP,
  PIN_GAP,
  partHeight,
  WIRE_HEX,
} from '../../src/shared/content/wiring-layout.ts';

export { WIRE_HEX };

export interface DiagramPart {
  readonly id: string;
  readonly label: string;
  readonly pins: readonly string[];
}

export interface DiagramWire {
  readonly from: string;
  readonly to: string;
  readonly color: string;
}

const BOARD_WIDTH = 150;
const PART_WIDTH = 190;
const TRACK_GAP = 14;
const CHANNEL_MARGIN = 26;

interface PlacedPart {
  readonly part: DiagramPart;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Pins sit on this edge of the box. */
  readonly side: 'left' | 'right';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function splitEnd(end: string): [string, string] {
  const dot = end.indexOf('.');
  if (dot < 1) throw new Error(`A wire end must read "part.pin": ${end}`);
  return [end.slice(0, dot), end.slice(dot + 1)];
}

export function renderWiringSvg(parts: readonly DiagramPart[], wires: readonly DiagramWire[], title: string): string {
  const byId = new Map(parts.map((part) => [part.id, part]));
  // The board (the Arduino) sits on the left: the part named `arduino`, else the one most wires meet.
  const board = boardOf(parts, wires);
  if (!board) throw new Error(`${title}: a wiring diagram needs at least one part`);

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

  const placed = new Map<string, PlacedPart>();
  placed.set(board.id, {
    part: board,
    x: MARGIN,
    y: MARGIN,
    width: BOARD_WIDTH,
    height: partHeight(board),
    side: 'right',
  });
  const pinPoint = (end: string): { x: number; y: number; side: 'left' | 'right' } => {
    const [id, pin] = splitEnd(end);
    const at = placed.get(id);
    const index = at?.part.pins.indexOf(pin) ?? -1;
    if (!at || index < 0) throw new Error(`${title}: the wire end ${end} names no pin of a part`);
    const x = at.side === 'right' ? at.x + at.width : at.x;
    return { x, y: at.y + HEADER + index * PIN_GAP + PIN_GAP / 2, side: at.side };
  };

  // Tracks: a wire's vertical run spans its two pins; runs that do not overlap share a track.
  const partsX = 0; // filled in after the channel width is known
  let y = MARGIN;
  for (const part of others) {
    placed.set(part.id, { part, x: partsX, y, width: PART_WIDTH, height: partHeight(part), side: 'left' });
    y += partHeight(part) + PART_GAP;
  }
  for (const wire of wires) {
    for (const end of [wire.from, wire.to]) {
      const [id] = splitEnd(end);
      if (!byId.has(id)) throw new Error(`${title}: the wire end ${end} names no part`);
    }
  }
  const spans = wires.map((wire, index) => {
    const a = pinPoint(wire.from).y;
    const b = pinPoint(wire.to).y;
    return { index, top: Math.min(a, b), bottom: Math.max(a, b) };
  });
  const trackEnds: number[] = [];
  const trackOf = new Map<number, number>();
  for (const span of [...spans].sort((a, b) => a.top - b.top || a.bottom - b.bottom)) {
    let track = trackEnds.findIndex((end) => end + PIN_GAP / 2 < span.top);
    if (track < 0) track = trackEnds.push(span.bottom) - 1;
    else trackEnds[track] = span.bottom;
    trackOf.set(span.index, track);
  }

  const channelStart = MARGIN + BOARD_WIDTH + CHANNEL_MARGIN;
  const rightX = channelStart + Math.max(1, trackEnds.length) * TRACK_GAP + CHANNEL_MARGIN;
  for (const part of others) {
    const at = placed.get(part.id);
    if (at) placed.set(part.id, { ...at, x: rightX });
  }
  const width = rightX + (others.length ? PART_WIDTH : 0) + MARGIN;
  const height = Math.max(MARGIN + partHeight(board), y - PART_GAP) + MARGIN;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="wiring-diagram" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true" focusable="false">`,
  );
  for (const { part, x, y: top, width: w, height: h, side } of placed.values()) {
    out.push(`<g class="wd-part-group">`);
    out.push(`<rect class="wd-part" x="${x}" y="${top}" width="${w}" height="${h}" rx="10"/>`);
    out.push(
      `<text class="wd-part-title" x="${x + w / 2}" y="${top + 25}" text-anchor="middle">${escapeXml(part.label)}</text>`,
    );
    part.pins.forEach((pin, index) => {
      const py = top + HEADER + index * PIN_GAP + PIN_GAP / 2;
      const px = side === 'right' ? x + w : x;
      const labelX = side === 'right' ? px - 12 : px + 12;
      out.push(`<circle class="wd-pin" cx="${px}" cy="${py}" r="4"/>`);
      out.push(
        `<text class="wd-pin-label" x="${labelX}" y="${py + 4}" text-anchor="${side === 'right' ? 'end' : 'start'}">${escapeXml(pin)}</text>`,
      );
    });
    out.push('</g>');
  }
  wires.forEach((wire, index) => {
    const a = pinPoint(wire.from);
    const b = pinPoint(wire.to);
    const trackX = channelStart + (trackOf.get(index) ?? 0) * TRACK_GAP + TRACK_GAP / 2;
    const d = `M${a.x} ${a.y}H${trackX}V${b.y}H${b.x}`;
    const hex = (WIRE_HEX as Readonly<Record<string, string>>)[wire.color];
    if (!hex) throw new Error(`${title}: unknown wire colour ${wire.color}`);
    out.push(`<path class="wd-wire-casing" d="${d}"/>`);
    out.push(`<path class="wd-wire" d="${d}" stroke="${hex}" data-color="${escapeXml(wire.color)}"/>`);
    out.push(`<circle class="wd-wire-end" cx="${a.x}" cy="${a.y}" r="3.5" fill="${hex}"/>`);
    out.push(`<circle class="wd-wire-end" cx="${b.x}" cy="${b.y}" r="3.5" fill="${hex}"/>`);
  });
  out.push('</svg>');
  return out.join('');
}
