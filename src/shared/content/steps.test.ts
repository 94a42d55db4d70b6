import { describe, expect, it } from 'vitest';
import { PROJECTS } from './projects.ts';
import { buildSteps, numberedSteps } from './steps.ts';
import { findTutorial } from './tutorials.ts';

describe('the steps of a tutorial', () => {
  it('numbers the steps to do from 1 and leaves safety warnings unnumbered, each keeping its index', () => {
    const steps = buildSteps({ steps: ['Safety first: dry hands', 'Wire it', 'Upload it'], safetySteps: [0] });
    expect(steps.map(({ index, number, safety }) => [index, number, safety])).toEqual([
      [0, null, true],
      [1, 1, false],
      [2, 2, false],
    ]);
    expect(numberedSteps({ steps: ['a', 'b'] }).map((step) => step.number)).toEqual([1, 2]);
  });

  it('marks every warning of the catalog, and only warnings: the steps that say safety, water and mains come first', () => {
    for (const project of PROJECTS) {
      for (const step of buildSteps(project)) {
        if (step.safety) expect(step.text, project.slug).toMatch(/^Safety( first)?: /);
        else expect(step.text, project.slug).not.toMatch(/^Safety( first)?: /);
      }
      // A warning adds no wire and explains no code: those belong to steps a learner ticks.
      const tutorial = findTutorial(project.slug);
      for (const index of project.safetySteps ?? []) {
        expect(index, project.slug).toBeLessThan(project.steps.length);
        expect(
          tutorial?.wires.filter((wire) => wire.step === index),
          project.slug,
        ).toEqual([]);
        expect(
          tutorial?.codeRefs.filter((ref) => ref.step === index),
          project.slug,
        ).toEqual([]);
      }
      expect(numberedSteps(project).length, project.slug).toBeGreaterThanOrEqual(6);
    }
    // The learning projects that must not be trusted as the real thing say so in a warning.
    const warnings = PROJECTS.flatMap((project) => buildSteps(project).filter((step) => step.safety));
    expect(warnings.some((step) => step.text.includes('not a certified gas or smoke detector'))).toBe(true);
    expect(warnings.some((step) => step.text.includes('not a medical device'))).toBe(true);
    expect(warnings.some((step) => step.text.includes('mains power'))).toBe(true);
    expect(warnings.some((step) => step.text.includes('water and electronics do not mix'))).toBe(true);
  });
});
