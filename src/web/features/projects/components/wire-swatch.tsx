import type { WireColor } from '#shared/content/tutorials.ts';
import { WIRE_HEX } from '#shared/content/wiring-layout.ts';

/** A short length of wire in its colour; the name next to it says the same in words. */
export function WireSwatch({ color }: { color: WireColor }) {
  return <span className="wire-swatch" style={{ backgroundColor: WIRE_HEX[color] }} aria-hidden="true" />;
}
