import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const RESULTS_FILE = path.resolve(import.meta.dirname, 'RESULTS.md');

const HEADER = `# Benchmark and soak results

Each section below is rewritten by the command named in it; the others are kept.
`;

/**
 * Replaces one section of bench/RESULTS.md (between `<!-- name:start -->` and `<!-- name:end -->`),
 * appending it when it is not there yet, so the performance and reliability runs each keep theirs.
 */
export function writeResultsSection(name: string, markdown: string, file = RESULTS_FILE): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
