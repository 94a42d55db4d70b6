import type { WireColor } from '#shared/content/tutorials.ts';
import { WIRE_SWATCHES } from './project-style.ts';

/** A short length of wire in its colour; the name next to it says the same in words. */
export function WireSwatch({ color }: { color: WireColor }) {
  return <span className="wire-swatch" style={{ backgroundColor: WIRE_SWATCHES[color] }} aria-hidden="true" />;
}
