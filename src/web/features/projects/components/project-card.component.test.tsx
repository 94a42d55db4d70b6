import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { findProjectBySlug, type Project } from '#shared/content/projects.ts';
import { buildSteps } from '#shared/content/steps.ts';
import { ProjectCard } from './project-card.tsx';

function plantRobot(): Project {
  const found = findProjectBySlug('plant-watering-robot');
  if (!found) throw new Error('plant-watering-robot is missing from the catalog');
  return found;
}
const project = plantRobot();

function renderCard() {
  render(
    <MemoryRouter>
      <ProjectCard
        project={project}
        stepsDone={0}
        bookmarked={false}
        bookmarkPending={false}
        onToggleBookmark={() => undefined}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('article', { name: project.title });
}

describe('a project card', () => {
  // Moved from tests/e2e/projects.test.ts: the card's own state, no server is asked.
  test('shows 3 steps until View Full Tutorial, then all of them until Show Less', () => {
    const card = renderCard();
    const steps = () =>
      within(card)
        .getAllByRole('listitem')
        .filter((item) => item.closest('ol'));
    const all = buildSteps(project).length;
    // A safety warning is shown among the steps but not counted as one.
    const hidden = buildSteps(project)
      .slice(3)
      .filter((step) => step.number !== null).length;
    expect(steps()).toHaveLength(3);
    within(card).getByText(`... and ${hidden} more steps`);

    fireEvent.click(within(card).getByRole('button', { name: 'View Full Tutorial' }));
    expect(steps()).toHaveLength(all);
    expect(within(card).queryByText(/more steps$/)).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Show Less' }));
    expect(steps()).toHaveLength(3);
    within(card).getByRole('heading', { name: 'Materials Needed' });
  });
});
