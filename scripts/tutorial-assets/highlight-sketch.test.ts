import { describe, expect, it } from 'vitest';
import { highlightSketch, splitHighlightedLines } from './highlight-sketch.ts';

describe('build-time sketch highlighting', () => {
  it('gives one line of HTML per line of the sketch, with the text unchanged', () => {
    const source = 'const uint8_t PUMP_PIN = 7; // the relay\n\nvoid setup() {\n  pinMode(PUMP_PIN, OUTPUT);\n}\n';
    const lines = highlightSketch(source);
    expect(lines).toHaveLength(5);
    const text = lines.map((line) =>
      line
        .replace(/<[^>]+>/g, '')
        .replaceAll('&lt;', '<')
        .replaceAll('&amp;', '&'),
    );
    expect(text.join('\n')).toBe(source.trimEnd());
    expect(lines[0]).toContain('<span class="hljs-comment">// the relay</span>');
    expect(lines[0]).toMatch(/<span class="hljs-(type|keyword)">const<\/span>/);
  });

  it('closes and reopens a span that crosses a line break, so every line stands alone', () => {
    const lines = splitHighlightedLines('a <span class="c">/* one\ntwo <span class="x">x\ny</span> */</span> b');
    expect(lines).toEqual([
      'a <span class="c">/* one</span>',
      '<span class="c">two <span class="x">x</span></span>',
      '<span class="c"><span class="x">y</span> */</span> b',
    ]);
  });

  it('a block comment over three lines is a comment on each of them', () => {
    const lines = highlightSketch('/* Calibrate:\n   dry 520\n   wet 260 */\nint x = 1;');
    for (const line of lines.slice(0, 3)) expect(line).toMatch(/^<span class="hljs-comment">.*<\/span>$/);
    expect(lines[3]).not.toContain('hljs-comment');
  });
});
