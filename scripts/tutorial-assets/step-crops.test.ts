import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { findProjectBySlug } from '../../src/shared/content/projects.ts';
import { TUTORIALS } from '../../src/shared/content/tutorials.ts';
import { focusDiagramOnStep } from '../../src/web/features/projects/lib/step-diagram.ts';
import { renderWiringSvg } from './render-wiring.ts';
import { stepCrops } from './step-crops.ts';

describe('the size of each step’s drawing, worked out at build time', () => {
  it('is the size the page crops the drawing to, for every step of every tutorial', () => {
    const window = new Window();
    let cropped = 0;
    for (const tutorial of TUTORIALS) {
      const project = findProjectBySlug(tutorial.slug);
      if (!project) throw new Error(`no project ${tutorial.slug}`);
      const svg = renderWiringSvg(tutorial.parts, tutorial.wires, project.title);
      const crops = stepCrops(svg, project.steps.length);
      expect(crops, tutorial.slug).toHaveLength(project.steps.length);
      crops.forEach((crop, step) => {
        window.document.body.innerHTML = svg;
        const drawing = window.document.querySelector('svg') as unknown as SVGSVGElement;
        const hasWires = focusDiagramOnStep(drawing, step, { crop: true });
        if (!hasWires) {
          expect(crop, `${tutorial.slug} step ${step}`).toBeNull();
          return;
        }
        cropped++;
        expect(crop, `${tutorial.slug} step ${step}`).toEqual([
          Number(drawing.getAttribute('width')),
          Number(drawing.getAttribute('height')),
          Number.parseInt(drawing.style.minWidth, 10),
        ]);
      });
    }
    // Not vacuous: most tutorials have several steps that add wires (26 when this was written).
    expect(cropped).toBeGreaterThan(20);
    window.close();
  });
});
