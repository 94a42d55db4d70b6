/*
 * What a learner changed in a sketch, line by line: the longest common subsequence of the two
 * texts' lines, the rest added or removed. Sketches are at most 64 KB (a few thousand lines), so the
 * plain dynamic programme is quick enough; lines common to both ends are set aside first, which is
 * most of a sketch where a learner changed a delay.
 */

export interface DiffLine {
  readonly kind: 'same' | 'added' | 'removed';
  readonly text: string;
  /** 1-based line in the original (same, removed). */
  readonly before?: number;
  /** 1-based line in the changed text (same, added). */
  readonly after?: number;
}

const linesOf = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');

export function lineDiff(original: string, changed: string): DiffLine[] {
  const a = original === '' ? [] : linesOf(original);
  const b = changed === '' ? [] : linesOf(changed);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  // lengths[i][j]: the LCS of a[start+i..endA) and b[start+j..endB), one row of m+1 at a time.
  const lengths = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => lengths[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] =
        a[start + i] === b[start + j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const out: DiffLine[] = [];
  for (let k = 0; k < start; k++) out.push({ kind: 'same', text: a[k] ?? '', before: k + 1, after: k + 1 });
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const lineA = a[start + i];
    const lineB = b[start + j];
    if (i < n && j < m && lineA === lineB) {
      out.push({ kind: 'same', text: lineA ?? '', before: start + i + 1, after: start + j + 1 });
      i++;
      j++;
    } else if (i < n && (j === m || at(i + 1, j) >= at(i, j + 1))) {
      // Removed before added, as a reader expects a changed line.
      out.push({ kind: 'removed', text: lineA ?? '', before: start + i + 1 });
      i++;
    } else {
      out.push({ kind: 'added', text: lineB ?? '', after: start + j + 1 });
      j++;
    }
  }
  for (let k = 0; k < a.length - endA; k++) {
    out.push({ kind: 'same', text: a[endA + k] ?? '', before: endA + k + 1, after: endB + k + 1 });
  }
  return out;
}

/** Only the changed lines and `context` lines around each change; `null` marks lines left out. */
export function changedHunks(diff: readonly DiffLine[], context = 2): (DiffLine | null)[] {
  const keep = diff.map(() => false);
  diff.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(diff.length - 1, index + context); k++) keep[k] = true;
  });
  const out: (DiffLine | null)[] = [];
  diff.forEach((line, index) => {
    if (keep[index]) out.push(line);
    else if (out.at(-1) !== null) out.push(null);
  });
  return out;
}
