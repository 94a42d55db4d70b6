import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEX_RECORD } from '#shared/content/hex-record.ts';
import { PROJECTS } from '#shared/content/projects.ts';
import { TRAINER_STARTERS } from '#shared/content/trainer-starters/starters.ts';
import { sketchSource } from '#web/features/projects/lib/sketch-source.ts';
import { buildTrainerBoardAssets, buildTutorialAssets, hexFileOf, sketchFileOf } from './vite-plugin.ts';

describe('tutorial assets made at build time', () => {
  it.each(PROJECTS.map((p) => p.slug))('%s: a diagram, every sketch line highlighted, and the download', (slug) => {
    const assets = buildTutorialAssets(slug);
    const source = readFileSync(sketchFileOf(slug), 'utf8');
    // The page reads the sketch's text back from its highlighted lines, to the byte.
    expect(sketchSource(assets.codeLines)).toBe(source);
    expect(assets).not.toHaveProperty('source');
    expect(assets.codeLines).toHaveLength(source.trimEnd().split('\n').length);
    expect(assets.wiringSvg).toMatch(/^<svg [^>]*class="wiring-diagram"/);
    expect(assets.wiringSvg).toContain('>Arduino ');
    expect(assets.sketchUrl).toBe(`/sketches/${slug}.ino`);
  });

  it.each(PROJECTS.map((p) => p.slug))('%s: the program built from the sketch and its size', (slug) => {
    const assets = buildTutorialAssets(slug);
    expect(assets.hexUrl).toBe(`/sketches/${slug}.hex`);
    expect(assets.hexFile).toBe(`${slug}.hex`);
    expect(readFileSync(hexFileOf(slug), 'utf8')).toMatch(/^:[0-9A-F]+\r\n/);
    expect(assets.flashBytes).toBe(HEX_RECORD.sketches[slug]?.flashBytes);
  });

  it('the trainer board: its diagram and each starter sketch, highlighted', () => {
    const assets = buildTrainerBoardAssets();
    expect(assets.wiringSvg).toMatch(/^<svg [^>]*class="wiring-diagram"/);
    expect(assets.wiringSvg).toContain('>Distance sensor (HC-SR04)<');
    expect(assets.starters.map((s) => s.id)).toEqual(TRAINER_STARTERS.map((s) => s.id));
    for (const starter of assets.starters) {
      expect(starter.codeLines).toHaveLength(starter.source.trimEnd().split('\n').length);
    }
  });

  it('refuses a slug no tutorial has', () => {
    expect(() => buildTutorialAssets('moon-rover')).toThrow(/moon-rover/);
  });
});
