import type { DiffLine } from '#shared/text-diff.ts';

/**
 * Where lines of the tutorial's sketch are in the learner's version: a step card names the
 * tutorial's line numbers, and the learner may have added or removed lines above them. Each end
 * goes to its own line when it is still there, else to the nearest kept or added line after it.
 */
export function mapLineRange(
  diff: readonly DiffLine[],
  range: { readonly from: number; readonly to: number },
): { from: number; to: number } {
  const lastLine = diff.reduce((last, line) => Math.max(last, line.after ?? 0), 0);
  const place = (before: number, end: 'from' | 'to') => {
    let pending = false;
    let lastAfter = 0;
    for (const line of diff) {
      if (line.after !== undefined) lastAfter = line.after;
      if (line.before === before) {
        if (line.kind === 'same' && line.after !== undefined) return line.after;
        pending = true;
        // A removed line: its start is the next line of the learner's; its end, the last one before.
        if (end === 'to') return Math.max(1, lastAfter);
        continue;
      }
      if (pending && line.after !== undefined) return line.after;
    }
    return Math.max(1, lastAfter);
  };
  const from = Math.min(place(range.from, 'from'), Math.max(lastLine, 1));
  const to = Math.max(from, Math.min(place(range.to, 'to'), Math.max(lastLine, 1)));
  return { from, to };
}
