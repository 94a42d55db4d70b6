import hljs from 'highlight.js/lib/core';
import arduino from 'highlight.js/lib/languages/arduino';

hljs.registerLanguage('arduino', arduino);

/**
 * Splits highlighted HTML into lines that each stand alone: a span that runs over a line break
 * (a block comment, a long string) is closed at the end of the line and opened again on the next,
 * so every line can be numbered, linked (`#L12`) and printed on its own.
 */
export function splitHighlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const token of html.split(/(<span[^>]*>|<\/span>|\n)/)) {
    if (token === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else if (token.startsWith('<span')) {
      open.push(token);
      line += token;
    } else if (token === '</span>') {
      open.pop();
      line += token;
    } else {
      line += token;
    }
  }
  lines.push(line);
  return lines;
}

/** The sketch as highlighted HTML, one string per line (line n is index n - 1). */
export function highlightSketch(source: string): string[] {
  const text = source.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return splitHighlightedLines(hljs.highlight(text, { language: 'arduino' }).value);
}
