import type { WiringPart } from '#shared/content/tutorials.ts';

// The box sizes of the build-time diagram (scripts/tutorial-assets/render-wiring.ts), so the page can
// hold the diagram's exact height while its chunk loads; tests/e2e/tutorial.test.ts checks they agree.
const BOARD_ID = 'arduino';
const PIN_GAP = 24;
const HEADER = 40;
const PAD_BOTTOM = 12;
const PART_GAP = 20;
const MARGIN = 8;

const partHeight = (part: WiringPart) => HEADER + part.pins.length * PIN_GAP + PAD_BOTTOM;

/**
 * The height in pixels of a tutorial's wiring diagram: the Arduino (or else the part most wires
 * meet) on one side, the other parts stacked on the other.
 */
export function wiringDiagramHeight(
  parts: readonly WiringPart[],
  wires: readonly { readonly from: { readonly part: string }; readonly to: { readonly part: string } }[],
): number {
  const ends = (id: string) => wires.filter((wire) => wire.from.part === id || wire.to.part === id).length;
  const board = parts.find((part) => part.id === BOARD_ID) ?? [...parts].sort((a, b) => ends(b.id) - ends(a.id))[0];
  if (!board) return 0;
  const others = parts.filter((part) => part !== board);
  const stacked = others.reduce((sum, part) => sum + partHeight(part), 0) + (others.length - 1) * PART_GAP;
  return Math.max(MARGIN + partHeight(board), MARGIN + stacked) + MARGIN;
}
