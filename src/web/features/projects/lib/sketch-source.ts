/** The entities highlight.js writes for the characters it escapes. */
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };

/**
 * The sketch's text, read back from its highlighted lines: the tutorial's chunk carries the sketch
 * once (highlighted), not twice (decision 023). Tags dropped, entities decoded in one pass (so a
 * sketch's own "&lt;" stays as written), one newline at the end as the file has.
 */
export function sketchSource(codeLines: readonly string[]): string {
  return `${codeLines.map((line) => line.replace(/<[^>]*>/g, '')).join('\n')}\n`.replace(
    /&(amp|lt|gt|quot|#x27);/g,
    (_, name: string) => ENTITIES[name] ?? '',
  );
}
