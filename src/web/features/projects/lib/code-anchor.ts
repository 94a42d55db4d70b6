/** Lines of the sketch, 1-based and inclusive. */
export interface LineRange {
  readonly from: number;
  readonly to: number;
}

/** `#L12` or `#L12-L20`, as GitHub writes them. */
export function lineRangeHash({ from, to }: LineRange): string {
  return from === to ? `L${from}` : `L${from}-L${to}`;
}

/** The line range a URL hash points at, or null: `#L12`, `#L12-L20` (also `#L20-L12`). */
export function parseLineRangeHash(hash: string): LineRange | null {
  const match = /^#?L(\d{1,5})(?:-L(\d{1,5}))?$/.exec(hash);
  if (!match?.[1]) return null;
  const a = Number(match[1]);
  const b = match[2] ? Number(match[2]) : a;
  if (a < 1 || b < 1) return null;
  return { from: Math.min(a, b), to: Math.max(a, b) };
}

/** "See lines 12–20", or "See line 12". */
export function lineRangeLabel({ from, to }: LineRange): string {
  return from === to ? `See line ${from}` : `See lines ${from}–${to}`;
}
