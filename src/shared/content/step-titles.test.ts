import { describe, expect, test } from 'vitest';
import { PROJECTS } from './projects.ts';
import { STEP_TITLE_MAX_CHARS, STEP_TITLES } from './step-titles.ts';

describe('step titles', () => {
  test.each(PROJECTS.map((project) => [project.slug, project] as const))(
    '%s has a short title for every step',
    (slug, project) => {
      const titles = STEP_TITLES[slug];
      expect(titles, slug).toBeDefined();
      expect(titles).toHaveLength(project.steps.length);
      for (const title of titles ?? []) {
        const words = title.split(/\s+/).length;
        expect(words, title).toBeGreaterThanOrEqual(2);
        expect(words, title).toBeLessThanOrEqual(5);
        expect(title.length, title).toBeLessThanOrEqual(STEP_TITLE_MAX_CHARS);
        expect(title, 'no full stop at the end').not.toMatch(/\.$/);
      }
      expect(new Set(titles).size, 'no two steps of a tutorial share a title').toBe(titles?.length);
    },
  );
});
