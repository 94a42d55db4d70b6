import type { WireColor, WiringPart } from './tutorials.ts';

/** What the drawing needs of a part: its kind does not change its box. */
type DrawnPart = Pick<WiringPart, 'id' | 'label' | 'pins'>;

/*
 * The geometry of a tutorial's wiring diagram, shared by the build-time renderer
 * (scripts/tutorial-assets/render-wiring.ts) and the page, which holds the diagram's exact height
 * while its chunk loads: one set of numbers, so the two cannot drift apart.
 */

/** The id tutorials give their microcontroller board: it is drawn on the left. */
export const BOARD_ID = 'arduino';
export const PIN_GAP = 24;
export const HEADER = 40;
export const PAD_BOTTOM = 12;
export const PART_GAP = 20;
export const MARGIN = 8;
/**
 * The parts' column sits half a pin gap lower than the board, so no pin of a part is level with a
 * pin of the board: a wire's run from one can never lie on a run from the other.
 */
export const PARTS_OFFSET = PIN_GAP / 2;

/** Wire colours as drawn and as the connection table's swatches show them. */
export const WIRE_HEX: Readonly<Record<WireColor, string>> = {
  red: '#e53935',
  black: '#1f2328',
  yellow: '#fdd835',
  green: '#43a047',
  blue: '#1e88e5',
  orange: '#fb8c00',
  white: '#f5f5f5',
  purple: '#8e24aa',
  brown: '#795548',
  grey: '#9e9e9e',
};

export function partHeight(part: DrawnPart): number {
  return HEADER + part.pins.length * PIN_GAP + PAD_BOTTOM;
}

/** The part of each wire end (`'soil.AOUT'` → `'soil'`). */
const partOf = (end: string) => end.slice(0, Math.max(0, end.indexOf('.')));

/** The board: the part named `arduino`, else the part most wires meet. */
export function boardOf<Part extends DrawnPart>(
  parts: readonly Part[],
  wires: readonly { readonly from: string; readonly to: string }[],
): Part | undefined {
  const ends = (id: string) => wires.filter((w) => partOf(w.from) === id || partOf(w.to) === id).length;
  return parts.find((part) => part.id === BOARD_ID) ?? [...parts].sort((a, b) => ends(b.id) - ends(a.id))[0];
}

/** The diagram's height in pixels: the board on one side, the other parts stacked on the other. */
export function wiringDiagramHeight(
  parts: readonly DrawnPart[],
  wires: readonly { readonly from: string; readonly to: string }[],
): number {
  const board = boardOf(parts, wires);
  if (!board) return 0;
  const others = parts.filter((part) => part !== board);
  const stacked = others.reduce((sum, part) => sum + partHeight(part) + PART_GAP, 0) - (others.length ? PART_GAP : 0);
  return Math.max(MARGIN + partHeight(board), MARGIN + PARTS_OFFSET + stacked) + MARGIN;
}

/** Each wire end's net (the pins joined by wires), named after the first end of it a wire names. */
export function netsOf(wires: readonly { readonly from: string; readonly to: string }[]): (end: string) => string {
  const parent = new Map<string, string>();
  const find = (end: string): string => {
    const up = parent.get(end) ?? end;
    if (up === end) return end;
    const root = find(up);
    parent.set(end, root);
    return root;
  };
  const seen = new Map<string, number>();
  for (const wire of wires) {
    for (const end of [wire.from, wire.to]) if (!seen.has(end)) seen.set(end, seen.size);
    const [a, b] = [find(wire.from), find(wire.to)].sort((p, q) => (seen.get(p) ?? 0) - (seen.get(q) ?? 0));
    if (a && b && a !== b) parent.set(b, a);
  }
  return find;
}
