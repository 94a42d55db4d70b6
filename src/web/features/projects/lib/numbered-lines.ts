import type { LineRange } from './code-anchor.ts';

/**
 * The sketch's lines as the code viewer shows them, one piece of markup: line n is
 * `<span id="Ln" data-line="n" class="code-line">` holding its number (`.code-ln`, hidden from
 * screen readers) and its highlighted source (`.code-src`). The page inserts it as one innerHTML
 * instead of rendering some 500 elements one by one; the tutorial's chunk keeps only the lines.
 */
export function numberedLinesHtml(lines: readonly string[]): string {
  let html = '';
  for (let index = 0; index < lines.length; index++) {
    const line = index + 1;
    html += `<span id="L${line}" data-line="${line}" class="code-line"><span class="code-ln" aria-hidden="true">${line}</span><span class="code-src">${lines[index]}</span></span>`;
  }
  return html;
}

/**
 * Some lines of the sketch as a step (or the full-screen reader, all of them) shows them (`first` is the number of the first): numbered like
 * the viewer's, without ids (the whole sketch owns `#Ln`), under classes of their own; the lines of
 * `marked` carry `data-marked`.
 */
export function excerptLinesHtml(lines: readonly string[], first: number, marked?: LineRange): string {
  let html = '';
  for (let index = 0; index < lines.length; index++) {
    const line = first + index;
    const mark = marked && line >= marked.from && line <= marked.to ? ' data-marked' : '';
    html += `<span class="excerpt-line" data-line="${line}"${mark}><span class="code-ln" aria-hidden="true">${line}</span><span class="excerpt-src">${lines[index]}</span></span>`;
  }
  return html;
}
