/** One line of a line diff: kept from both, only in the original (removed) or only in the new (added). */
export interface DiffLine {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
  /** Its number in the original (same, removed) and in the new version (same, added). */
  readonly before?: number;
  readonly after?: number;
}

/** The most lines a diff compares fully (a table of n×m cells); beyond it, lines are matched in order. */
const MAX_CELLS = 4_000_000;

/**
 * The learner's changes against the tutorial's sketch, line by line: the longest common
 * subsequence of lines is kept, the rest is removed or added. Line endings do not count.
 */
export function lineDiff(original: string, changed: string): DiffLine[] {
  const a = original.replace(/\r\n?/g, '\n').split('\n');
  const b = changed.replace(/\r\n?/g, '\n').split('\n');
  // Common head and tail first: most edits touch a few lines in the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: 'same', text: a[i] ?? '', before: i + 1, after: i + 1 });
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS) {
    for (const [i, text] of midA.entries()) out.push({ kind: 'removed', text, before: head + i + 1 });
    for (const [j, text] of midB.entries()) out.push({ kind: 'added', text, after: head + j + 1 });
  } else {
    // lengths[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * width + j] =
          midA[i] === midB[j]
            ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
            : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        out.push({ kind: 'same', text: midA[i] ?? '', before: head + i + 1, after: head + j + 1 });
        i++;
        j++;
      } else if (i < n && (j === m || (lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))) {
        // A changed line reads as the old one removed, then the new one added.
        out.push({ kind: 'removed', text: midA[i] ?? '', before: head + i + 1 });
        i++;
      } else {
        out.push({ kind: 'added', text: midB[j] ?? '', after: head + j + 1 });
        j++;
      }
    }
  }
  for (let k = tail; k > 0; k--) {
    const i = a.length - k;
    const j = b.length - k;
    out.push({ kind: 'same', text: a[i] ?? '', before: i + 1, after: j + 1 });
  }
  return out;
}

/** How many lines the learner added and removed. */
export function diffCounts(diff: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of diff) {
    if (line.kind === 'added') added++;
    else if (line.kind === 'removed') removed++;
  }
  return { added, removed };
}
