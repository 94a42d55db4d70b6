import { describe, expect, it } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import * as content from '#shared/content/tutorials.ts';
import { tutorialView } from './tutorial-view.ts';

describe('tutorialView', () => {
  it('names every wire end by its part and lists each step’s wires in order', () => {
    for (const project of PROJECTS) {
      const tutorial = content.findTutorial(project.slug);
      if (!tutorial) throw new Error(`no tutorial for ${project.slug}`);
      const view = tutorialView(content, tutorial, project.steps.length);
      expect(view.connections).toHaveLength(tutorial.wires.length);
      expect(view.steps).toHaveLength(project.steps.length);
      for (const [index, wire] of tutorial.wires.entries()) {
        const connection = view.connections[index];
        expect(connection?.description).toBe(content.describeWire(tutorial, wire));
        expect(connection?.description.startsWith(`${connection?.from.label} ${connection?.from.pin} → `)).toBe(true);
      }
      for (const [index, step] of view.steps.entries()) {
        expect(step.connections.map((c) => c.description)).toEqual(
          content.wiresForStep(tutorial, index).map((wire) => content.describeWire(tutorial, wire)),
        );
        expect(step.codeRefs).toEqual(content.codeRefsForStep(tutorial, index));
      }
    }
  });

  it('holds the plant robot diagram’s height', () => {
    const tutorial = content.findTutorial('plant-watering-robot');
    if (!tutorial) throw new Error('no plant tutorial');
    // The drawn SVG's height (viewBox 0 0 486 704, parts' column offset half a pin gap below the board's).
    expect(tutorialView(content, tutorial, 10).diagramHeight).toBe(704);
  });
});
