import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';

const ART_DIR = path.resolve(import.meta.dirname, '../../../../../public/art');

describe('the picture of each finished build', () => {
  it('is a small square SVG per project, titled, in the logo’s ink and with no script or outside reference', () => {
    for (const project of PROJECTS) {
      const svg = readFileSync(path.join(ART_DIR, `${project.slug}.svg`), 'utf8');
      expect(svg.length, project.slug).toBeLessThan(3 * 1024);
      expect(svg, project.slug).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 96 96" width="96" height="96"><title>/,
      );
      expect(svg, project.slug).toContain(`<title>${project.title}, built</title>`);
      expect(svg, project.slug).toContain('stroke="#0b1220"');
      expect(svg, project.slug).not.toMatch(/<script|href=|url\(|<text/);
    }
  });
});
