import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import { buildTutorialAssets, sketchFileOf } from './vite-plugin.ts';

describe('tutorial assets made at build time', () => {
  it.each(PROJECTS.map((p) => p.slug))('%s: a diagram, every sketch line highlighted, and the download', (slug) => {
    const assets = buildTutorialAssets(slug);
    const source = readFileSync(sketchFileOf(slug), 'utf8');
    expect(assets.source).toBe(source);
    expect(assets.codeLines).toHaveLength(source.trimEnd().split('\n').length);
    expect(assets.wiringSvg).toMatch(/^<svg [^>]*class="wiring-diagram"/);
    expect(assets.wiringSvg).toContain('>Arduino ');
    expect(assets.sketchUrl).toBe(`/sketches/${slug}.ino`);
  });

  it('refuses a slug no tutorial has', () => {
    expect(() => buildTutorialAssets('moon-rover')).toThrow(/moon-rover/);
  });
});
