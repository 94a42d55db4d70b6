import { describe, expect, it } from 'vitest';
import { excerptLinesHtml, numberedLinesHtml } from './numbered-lines.ts';

describe('numbered sketch lines', () => {
  it('numbers the lines in one piece of markup: each line linkable by id, its number hidden from screen readers', () => {
    expect(numberedLinesHtml(['int a;', '<span class="c">// b</span>'])).toBe(
      '<span id="L1" data-line="1" class="code-line"><span class="code-ln" aria-hidden="true">1</span><span class="code-src">int a;</span></span>' +
        '<span id="L2" data-line="2" class="code-line"><span class="code-ln" aria-hidden="true">2</span><span class="code-src"><span class="c">// b</span></span></span>',
    );
    expect(numberedLinesHtml([])).toBe('');
  });

  it('numbers an excerpt from its first line, without the ids the whole sketch owns', () => {
    expect(excerptLinesHtml(['int a;', 'int b;'], 16)).toBe(
      '<span class="excerpt-line" data-line="16"><span class="code-ln" aria-hidden="true">16</span><span class="excerpt-src">int a;</span></span>' +
        '<span class="excerpt-line" data-line="17"><span class="code-ln" aria-hidden="true">17</span><span class="excerpt-src">int b;</span></span>',
    );
    expect(excerptLinesHtml(['a', 'b', 'c'], 1, { from: 2, to: 3 }).match(/data-marked/g)).toHaveLength(2);
  });
});
